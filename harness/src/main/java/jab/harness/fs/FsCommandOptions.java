package jab.harness.fs;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import jab.bench.support.BenchDirs;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.run.InputChecks;
import picocli.CommandLine.Option;

/**
 * The options of the fs commands that probe JDKs on files ({@code jab semantics fs}, {@code jab verify fs}):
 * which JDKs, and where the files go. A picocli mixin, so both read and check them the same way.
 */
final class FsCommandOptions {
    @Option(names = "--jdk", paramLabel = "SPEC[,SPEC...]|all", description = "JDKs to probe (default: the JDK running jab)")
    String jdk;

    @Option(names = "--dir", paramLabel = "DIR", description = "where the probed paths are made (default: the temp dir)")
    Path dir;

    /** The JDKs asked for; an unknown one is bad input (exit 2). */
    List<Jdk> jdks() {
        return JdkSelector.select(jdk, new JdkDiscovery());
    }

    /** A fresh folder under --dir (checked: bad input when unusable), for the caller to delete. */
    Path freshWorkDir(String prefix) {
        Path base = InputChecks.usableDir(dir != null ? dir : Paths.get(System.getProperty("java.io.tmpdir")), "--dir");
        return BenchDirs.freshTrialDir(base, prefix);
    }
}
