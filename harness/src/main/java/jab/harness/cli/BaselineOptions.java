package jab.harness.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import jab.harness.UsageException;
import jab.harness.results.RunRecord;
import jab.harness.run.Precision;
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

    @Option(names = "--fail-on-regression", paramLabel = "PCT",
            description = "exit 1 when the head is slower than the base with the whole 95%% interval of a ratio beyond PCT (e.g. "
                    + "1%%); PCT is then also the equivalence band of the verdicts")
    String failOnRegression;

    /** Whether the run compares a head with a base. */
    boolean comparing() {
        return baseline != null || baselineJvmArgs != null;
    }

    /** The base of the comparison, when the options ask for one; bad input when they cannot make one. */
    Optional<BaseBuild> open(UserBenchmarks head) {
        if (!comparing()) {
            if (failOnRegression != null) {
                throw new UsageException("--fail-on-regression needs a base to compare with: --baseline PATH or --baseline-jvm-args");
            }
            return Optional.empty();
        }
        if (baseline == null && baselineClasspath != null) {
            throw new UsageException("--baseline-classpath is the class path of --baseline PATH, which is missing");
        }
        if (head == null) {
            throw new UsageException((baseline != null ? "--baseline" : "--baseline-jvm-args") + " compares two builds of your own "
                    + "JMH benchmarks: give the head with --benchmarks PATH");
        }
        UserBenchmarks base = baseline == null ? head : UserBenchmarks.open(baseline, baselineClasspath, "--baseline");
        List<String> args = baselineJvmArgs == null ? null
                : baselineJvmArgs.isBlank() ? List.of() : Arrays.asList(baselineJvmArgs.trim().split("\\s+"));
        return Optional.of(new BaseBuild(head, base, args));
    }

    /** The builds as env.json records them: the head ({@code benchmarks}; null for jab's own), the base and its JVM options, the gate. */
    RunRecord.Builds builds(Path benchmarks) {
        return new RunRecord.Builds(benchmarks == null ? null : benchmarks.toAbsolutePath().toString(),
                baseline == null ? null : baseline.toAbsolutePath().toString(),
                baselineJvmArgs == null ? null : baselineJvmArgs.trim(), failOnRegression == null ? null : regressionLimit());
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
