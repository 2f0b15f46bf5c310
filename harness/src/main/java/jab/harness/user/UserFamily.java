package jab.harness.user;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.family.BenchmarkSource;
import jab.harness.family.Baseline;
import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.family.Question;
import jab.harness.jdk.Jdk;
import jab.harness.run.jmh.JmhClasspath;

/**
 * A user's JMH benchmarks ({@code jab run --benchmarks PATH}) as a family: the harness runs them
 * like jab's own (every JDK, fingerprint, statistics, the run directory), with no native floor and
 * no section of its own. It knows nothing of what the benchmarks measure, so its profiles are
 * generic: JMH-like iteration times, and the same fork counts and precision goal as jab's families.
 */
public final class UserFamily implements Family {
    /** The selector and the family name in env.json: no family of jab's has it. */
    public static final String NAME = "user";

    private final UserBenchmarks benchmarks;
    /** The build every result is compared against; null in a plain run. */
    private final Baseline baseline;
    /** The forks' JVM options instead of the run's; null: the run's. */
    private final List<String> jvmArgs;
    /** The forks' JDK instead of the run's; null: the run's. */
    private final Jdk jdk;

    public UserFamily(UserBenchmarks benchmarks) {
        this(benchmarks, null, null, null);
    }

    private UserFamily(UserBenchmarks benchmarks, Baseline baseline, List<String> jvmArgs, Jdk jdk) {
        this.benchmarks = benchmarks;
        this.baseline = baseline;
        this.jvmArgs = jvmArgs == null ? null : List.copyOf(jvmArgs);
        this.jdk = jdk;
    }

    /** These benchmarks as the head of a comparison: every result is asked against the base's. */
    public UserFamily comparedWith(Baseline base) {
        return new UserFamily(benchmarks, base, jvmArgs, jdk);
    }

    /** These benchmarks with forks of their own JVM options (--baseline-jvm-args) instead of the run's. */
    public UserFamily withJvmArgs(List<String> args) {
        return new UserFamily(benchmarks, baseline, args, jdk);
    }

    /** These benchmarks with forks on a JDK of their own (--baseline-jdk) instead of the run's. */
    public UserFamily withJdk(Jdk forkJdk) {
        return new UserFamily(benchmarks, baseline, jvmArgs, forkJdk);
    }

    public UserBenchmarks benchmarks() {
        return benchmarks;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "JMH benchmarks of " + benchmarks.path() + (benchmarks.hasJmh() ? "" : " (JMH runtime: jab's)");
    }

    /** Every benchmark of the user's list belongs here, whatever its package. */
    @Override
    public String benchmarkPackage() {
        return "";
    }

    @Override
    public Optional<BenchmarkSource> benchmarkSource() {
        // JMH's runtime first: the forks talk to jab's JMH, so an uber-jar's own copy must not win;
        // then the fork-side helpers every jab fork runs (HostWatch), then the user's classes.
        List<String> cp = new ArrayList<>(JmhClasspath.jmhRuntime());
        cp.addAll(benchmarks.ownClasspath());
        return Optional.of(new BenchmarkSource(benchmarks.benchmarkList(), cp.stream().distinct().toList()));
    }

    /** A user's jar declares no questions: they follow from its benchmarks ({@link Question#derivedFrom}). */
    @Override
    public List<Question> questions(List<BenchmarkListEntry> benchmarks) {
        return Question.derivedFrom(benchmarks);
    }

    @Override
    public Optional<Baseline> baseline() {
        return Optional.ofNullable(baseline);
    }

    @Override
    public List<String> jvmArgs(List<String> runArgs) {
        return jvmArgs == null ? runArgs : jvmArgs;
    }

    @Override
    public Jdk forkJdk(Jdk runJdk) {
        return jdk == null ? runJdk : jdk;
    }

    @Override
    public JmhSettings settings(Profile profile) {
        return switch (profile) {
            case SMOKE -> JmhSettings.of(1, 1, "100ms", 2, "100ms");
            case DEFAULT -> JmhSettings.of(3, 3, "1s", 5, "1s");
            case THOROUGH -> JmhSettings.of(5, 5, "1s", 10, "1s");
        };
    }
}
