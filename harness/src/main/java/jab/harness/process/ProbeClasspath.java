package jab.harness.process;

import java.net.URISyntaxException;
import java.nio.file.Path;

import jab.bench.process.probe.LaunchOnce;
import jab.harness.jdk.ForkClasspath;

/**
 * The class path of probe JVMs: only the benchmark jar (or classes folder) that holds
 * {@link LaunchOnce}, so a whole-JVM timing does not include opening jab's other jars.
 */
final class ProbeClasspath {
    private ProbeClasspath() {
    }

    static String get() {
        try {
            var src = LaunchOnce.class.getProtectionDomain().getCodeSource();
            return src == null ? ForkClasspath.get() : Path.of(src.getLocation().toURI()).toString();
        } catch (URISyntaxException | RuntimeException e) {
            return ForkClasspath.get();
        }
    }
}
