package jab.harness.run.jmh;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.openjdk.jmh.runner.Runner;

import jab.fork.HostWatch;

/** Where the classes every fork jab starts needs come from: JMH's runtime, what it needs, and jab's fork helpers. */
public final class JmhClasspath {
    private JmhClasspath() {
    }

    /**
     * JMH's runtime (the host's: host and forks speak JMH's binary protocol, and an interleaved fork
     * drives the variants through JMH's classes), jopt-simple and commons-math3 which it needs, and
     * jab.fork (HostWatch, the interleaved fork's main) from jab's benchmarks jar.
     */
    public static List<String> jmhRuntime() {
        Set<String> cp = new LinkedHashSet<>();
        for (Class<?> k : List.of(Runner.class, joptsimple.OptionParser.class, org.apache.commons.math3.util.FastMath.class,
                HostWatch.class)) {
            cp.add(location(k));
        }
        return List.copyOf(cp);
    }

    /** The jar or directory a class was loaded from. */
    static String location(Class<?> k) {
        try {
            return Path.of(k.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate " + k.getName() + " on jab's class path", e);
        }
    }
}
