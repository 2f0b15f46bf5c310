package jab.harness.family;

import java.util.Map;
import java.util.function.Predicate;

import org.openjdk.jmh.runner.options.TimeValue;

/**
 * A family's JMH settings for one {@link Profile}: forks, iterations and their times, and the params
 * the profile runs instead of the benchmarks' own {@code @Param} defaults (the user's {@code -p}
 * replaces them name by name). A param the profile does not name runs with the benchmark's default,
 * so each default is written once, in the benchmark.
 *
 * <p>{@code subset} picks the variants a profile measures out of the params' every combination, so a
 * profile can leave out what adds little (a library that ignores the launch mechanism, run once per
 * mechanism) and fit its time. It applies only to a family run whole and without {@code -p} for its
 * params: what a user names is measured.
 *
 * <p>{@code forks} are also an interleaved question's first forks, each of the profile's rounds;
 * {@code wide} can give a question of many variants (whose slices shorten and rounds multiply) more,
 * shorter first forks, which narrow the first look's interval more than the rounds they give up (see fs).
 */
public record JmhSettings(int forks, int warmupIterations, TimeValue warmupTime, int iterations,
                          TimeValue measurementTime, Map<String, String[]> params, Predicate<Variant> subset,
                          WideQuestions wide) {

    /**
     * The first forks of a question of many variants, and the measured rounds of each in slices of
     * 50 ms; 0 for the family's forks and the profile's rounds. {@link #SAME}: no difference.
     */
    public record WideQuestions(int forks, int rounds) {
        public static final WideQuestions SAME = new WideQuestions(0, 0);
    }

    /**
     * One result a family can measure: the benchmark's method name, its JMH threads and its params.
     */
    public record Variant(String method, int threads, Map<String, String> params) {
        public String param(String name) {
            return params.getOrDefault(name, "");
        }
    }

    public JmhSettings {
        if (forks < 1) {
            throw new IllegalArgumentException("JMH results need at least one fork");
        }
        if (wide.forks() < 0 || wide.rounds() < 0) {
            throw new IllegalArgumentException(wide + ": 0 (the usual) or more");
        }
        params = Map.copyOf(params);
    }

    public static JmhSettings of(int forks, int warmupIterations, String warmupTime, int iterations, String measurementTime) {
        return new JmhSettings(forks, warmupIterations, TimeValue.fromString(warmupTime), iterations,
                TimeValue.fromString(measurementTime), Map.of(), v -> true, WideQuestions.SAME);
    }

    public JmhSettings withParams(Map<String, String[]> overrides) {
        return new JmhSettings(forks, warmupIterations, warmupTime, iterations, measurementTime, overrides, subset, wide);
    }

    /** These settings measuring only the variants {@code keep} accepts (see the class comment). */
    public JmhSettings only(Predicate<Variant> keep) {
        return new JmhSettings(forks, warmupIterations, warmupTime, iterations, measurementTime, params, keep, wide);
    }

    /** These settings with {@code firstForks} of {@code rounds} each for a question of many variants (see the class comment). */
    public JmhSettings withWideQuestions(int firstForks, int rounds) {
        return new JmhSettings(forks, warmupIterations, warmupTime, iterations, measurementTime, params, subset,
                new WideQuestions(firstForks, rounds));
    }

    /**
     * Runs of a native baseline program, each one a "fork" of the C floor: a C process starts in a
     * millisecond, so it gets at least five, and the floor's interval varies over processes too.
     */
    public int nativeForks() {
        return forks == 1 ? 1 : Math.max(5, forks);
    }

    /**
     * Warm-up iterations of a native baseline's process: at most one. A C program has no JIT to warm;
     * its first iteration fills the caches (page cache, dentries, the allocator's arenas) as the JVM's
     * first does, and the JVM's further warm-up iterations would only lengthen the floor's time.
     */
    public int nativeWarmupIterations() {
        return Math.min(1, warmupIterations);
    }

    /**
     * Measured iterations of a native baseline's process: at most three when it runs several. Its
     * interval then varies over processes ({@link #nativeForks}), and the processes differ more than
     * a process's iterations settle: over the 67 C floors of three default runs on the 2-vCPU VM, the
     * spread of the process means from their first three iterations was 1.14x (median) that from all
     * five, and the other two iterations took a third of the floors' time. One process (smoke) has
     * only its iterations to vary over, and keeps them all.
     */
    public int nativeIterations() {
        return nativeForks() == 1 ? iterations : Math.min(3, iterations);
    }

    /** Samples per result, as JMH counts them (Cnt). */
    public int samples() {
        return forks * iterations;
    }
}
