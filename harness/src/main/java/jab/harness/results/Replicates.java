package jab.harness.results;

import jab.harness.stats.ForkInterval;

/**
 * The samples two results are compared on. The fork is the unit of replication: when both results
 * have two forks or more, each fork's mean is one sample, so fork-to-fork variance (JIT decisions,
 * memory layout) counts as noise. With a single fork on a side only its iterations are left, and
 * {@link #byFork} says so.
 */
public record Replicates(double[] a, double[] b, boolean byFork) {

    public static Replicates of(BenchResult a, BenchResult b) {
        double[] fa = ForkInterval.forkMeans(a.rawData());
        double[] fb = ForkInterval.forkMeans(b.rawData());
        if (fa.length >= 2 && fb.length >= 2) {
            return new Replicates(fa, fb, true);
        }
        return new Replicates(a.allSamples(), b.allSamples(), false);
    }
}
