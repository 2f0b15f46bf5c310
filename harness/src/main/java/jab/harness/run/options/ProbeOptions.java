package jab.harness.run.options;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import picocli.CommandLine.Option;

/**
 * The options of a family's commands that probe JDKs with files ({@code jab semantics fs}, {@code jab
 * verify fs}, {@code jab verify mmap}): which JDKs, and where the files go. A picocli mixin, so every
 * such command reads and checks them the same way.
 */
public final class ProbeOptions {
    @Option(names = "--jdk", paramLabel = "SPEC[,SPEC...]|all", description = "JDKs to probe (default: the JDK running jab)")
    String jdk;

    @Option(names = "--dir", paramLabel = "DIR", description = "where the probe's files go (default: the temp dir)")
    Path dir;

    /** The JDKs asked for; an unknown one is bad input (exit 2). */
    public List<Jdk> jdks() {
        return JdkSelector.select(jdk, new JdkDiscovery());
    }

    /** --dir, or the temp dir without it; checked: bad input (exit 2) when unusable. */
    public Path dir() {
        return InputChecks.usableDir(dir != null ? dir : Paths.get(System.getProperty("java.io.tmpdir")), "--dir");
    }
}
