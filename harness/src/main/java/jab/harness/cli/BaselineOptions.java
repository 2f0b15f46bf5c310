package jab.harness.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import jab.harness.UsageException;
import jab.harness.jdk.BenchmarkRelease;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.results.RunRecord;
import jab.harness.run.options.Precision;
import jab.harness.user.BaseBuild;
import jab.harness.user.UserBenchmarks;
import picocli.CommandLine.Option;

/**
 * {@code jab run}'s options for a comparison of two builds of a user's benchmarks (or of one build
 * under two sets of JVM options), and the gate a pull request can fail on. Read before anything runs:
 * a base that is no jar or classes directory is bad input (exit 2).
 */
public final class BaselineOptions {
    @Option(names = "--baseline", paramLabel = "PATH",
            description = "another build of --benchmarks to compare it with (the base; --benchmarks is the head): a jar or classes "
                    + "directory. Every benchmark and params in both is a question, head against base, the two measured "
                    + "interleaved in each fork, each build in its own class loader")
    Path baseline;

    @Option(names = "--baseline-classpath", paramLabel = "CP", description = "the libraries --baseline needs")
    String baselineClasspath;

    @Option(names = "--baseline-jvm-args", paramLabel = "\"ARGS\"",
            description = "JVM options of the base's forks (default: --jvm-args); without --baseline the head is its own base: its "
                    + "benchmarks under two sets of JVM options, in alternating forks (a JVM has one set)")
    String baselineJvmArgs;

    @Option(names = "--baseline-jdk", paramLabel = "JDK",
            description = "the JDK of the base's forks (a feature version or a path, as --jdk; default: the run's); without "
                    + "--baseline the head is its own base: its benchmarks on two JDKs, in alternating forks (a JVM is one JDK)")
    String baselineJdk;

    @Option(names = "--fail-on-regression", paramLabel = "PCT",
            description = "exit 1 when the head is slower than the base with the whole 95%% interval of a ratio beyond PCT (e.g. "
                    + "1%%); PCT is then also the equivalence band of the verdicts")
    String failOnRegression;

    /** The JDK --baseline-jdk resolved to by {@link #open}; null without it. */
    private Jdk baseJdk;

    /** Whether the run compares a head with a base. */
    boolean comparing() {
        return baseline != null || baselineJvmArgs != null || baselineJdk != null;
    }

    /** The base of the comparison, when the options ask for one; bad input when they cannot make one. */
    Optional<BaseBuild> open(UserBenchmarks head) {
        if (!comparing()) {
            if (failOnRegression != null) {
                throw new UsageException("--fail-on-regression needs a base to compare with: --baseline PATH, --baseline-jvm-args "
                        + "or --baseline-jdk");
            }
            return Optional.empty();
        }
        if (baseline == null && baselineClasspath != null) {
            throw new UsageException("--baseline-classpath is the class path of --baseline PATH, which is missing");
        }
        if (head == null) {
            throw new UsageException((baseline != null ? "--baseline" : baselineJdk != null ? "--baseline-jdk" : "--baseline-jvm-args")
                    + " compares two builds of your own JMH benchmarks: give the head with --benchmarks PATH");
        }
        UserBenchmarks base = baseline == null ? head : UserBenchmarks.open(baseline, baselineClasspath, "--baseline");
        List<String> args = baselineJvmArgs == null ? null
                : baselineJvmArgs.isBlank() ? List.of() : Arrays.asList(baselineJvmArgs.trim().split("\\s+"));
        baseJdk = baselineJdk(base);
        return Optional.of(new BaseBuild(head, base, args, baseJdk));
    }

    /** The JDK --baseline-jdk names, or null without it: exactly one, able to load the base's and jab's fork classes. */
    private Jdk baselineJdk(UserBenchmarks base) {
        if (baselineJdk == null) {
            return null;
        }
        List<Jdk> jdks = JdkSelector.select(baselineJdk, new JdkDiscovery(), Math.max(BenchmarkRelease.minimumFeature(), base.feature()),
                base.path().getFileName() + " is");
        if (jdks.size() != 1) {
            throw new UsageException("--baseline-jdk " + baselineJdk + ": names " + jdks.size() + " JDKs; the base's forks run on one");
        }
        return jdks.get(0);
    }

    /** The builds as env.json records them: the head ({@code benchmarks}; null for jab's own), the base with its JVM options and JDK, the gate. */
    RunRecord.Builds builds(Path benchmarks) {
        return new RunRecord.Builds(benchmarks == null ? null : benchmarks.toAbsolutePath().toString(),
                baseline == null ? null : baseline.toAbsolutePath().toString(),
                baselineJvmArgs == null ? null : baselineJvmArgs.trim(), baseJdk == null ? null : baseJdk.home().toString(),
                failOnRegression == null ? null : regressionLimit());
    }

    /** The gate's limit (0.01 for 1%), or 0 without one. */
    double regressionLimit() {
        if (failOnRegression == null) {
            return 0;
        }
        double limit = Precision.parseTarget(failOnRegression);
        if (!(limit > 0)) {
            throw new UsageException("--fail-on-regression " + failOnRegression + ": expected a percentage above 0 such as 1%");
        }
        return limit;
    }
}
