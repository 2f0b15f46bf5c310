package jab.harness.mmap;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import jab.harness.results.RatioInterval;
import jab.harness.stats.Stats;

/**
 * The ratio of two medians, slow over fast, with a 95% interval that varies over what varies most.
 *
 * <p>With two forks or more on each side ({@link #ofForks}), each fork's median of its iterations is
 * one observation, and the ratio of the mean fork medians gets Welch's interval on the log scale
 * ({@link RatioInterval}): a fork (one JVM, its JIT decisions and memory layout) is the unit of
 * replication, so fork-to-fork variance widens the interval as it should.
 *
 * <p>With one fork on a side only its iterations are left: the ratio of two medians, median(slow) / median(fast), with an interval that makes no assumption
 * about the samples' distribution: each median gets its order-statistic interval (the ranks a
 * binomial(n, 1/2) puts around the middle) at 97.5%, and the ratio's interval runs from the low end
 * of one over the high end of the other to the reverse, so it covers the true ratio with at least
 * 95% (Bonferroni). Medians, because single calls of JRuby see rare long pauses (a GC, a
 * deoptimization) that move a mean; no distribution, because a handful of iterations says little
 * about one. With fewer than {@link #MIN_SAMPLES} samples on a side no such interval exists, and
 * {@link #hasInterval()} is false.
 */
record MedianRatio(double ratio, double low, double high, int slowSamples, int fastSamples, boolean byFork) {
    /** Per median, so that the two together cover with at least 95%. */
    static final double EACH = 0.975;
    /** The fewest samples whose extremes bracket a median with 97.5%: 2 / 2^7 < 2.5%. */
    static final int MIN_SAMPLES = 7;

    /** Over fork medians when both sides have two forks or more, else over the iterations of their one fork. */
    static MedianRatio ofForks(List<double[]> slowForks, List<double[]> fastForks) {
        if (slowForks.size() >= 2 && fastForks.size() >= 2) {
            double[] slow = slowForks.stream().mapToDouble(Stats::median).toArray();
            double[] fast = fastForks.stream().mapToDouble(Stats::median).toArray();
            RatioInterval ri = RatioInterval.of(fast, slow, 0.95);
            return new MedianRatio(ri.ratio(), ri.low(), ri.high(), slow.length, fast.length, true);
        }
        return of(pooled(slowForks), pooled(fastForks));
    }

    /** Over iterations: the ratio of the two medians with order-statistic intervals. */
    static MedianRatio of(double[] slow, double[] fast) {
        double ratio = Stats.median(slow) / Stats.median(fast);
        double[] s = interval(slow);
        double[] f = interval(fast);
        if (s == null || f == null) {
            return new MedianRatio(ratio, Double.NaN, Double.NaN, slow.length, fast.length, false);
        }
        return new MedianRatio(ratio, s[0] / f[1], s[1] / f[0], slow.length, fast.length, false);
    }

    private static double[] pooled(List<double[]> forks) {
        return forks.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    boolean hasInterval() {
        return Double.isFinite(low) && Double.isFinite(high);
    }

    /**
     * "5.83x [95% CI 5.10-6.71 over 3 and 3 forks]", "5.83x [95% CI 5.10-6.71 over 7 and 7 iterations
     * of 1 fork: fork-to-fork variance unknown]", or "5.83x (no interval: 2 and 2 samples, 7 a side needed)".
     */
    String words() {
        if (byFork) {
            return String.format(Locale.ROOT, "%.2fx [95%% CI %.2f-%.2f over %d and %d forks]", ratio, low, high, slowSamples, fastSamples);
        }
        return hasInterval() ? String.format(Locale.ROOT, "%.2fx [95%% CI %.2f-%.2f over %d and %d iterations of 1 fork: "
                + "fork-to-fork variance unknown]", ratio, low, high, slowSamples, fastSamples)
                : String.format(Locale.ROOT, "%.2fx (no interval: %d and %d samples, %d a side needed)", ratio, slowSamples,
                        fastSamples, MIN_SAMPLES);
    }

    /**
     * [x(k), x(n+1-k)] of the sorted samples, with the largest k whose coverage 1 - 2 P(B <= k-1),
     * B ~ binomial(n, 1/2), is still at least {@link #EACH}; null when not even [min, max] reaches it.
     */
    static double[] interval(double[] xs) {
        int n = xs.length;
        double[] s = xs.clone();
        Arrays.sort(s);
        double tail = 0; // P(B <= k-1)
        double term = Math.pow(0.5, n); // P(B = k-1), starting at k = 1
        int k = 0;
        for (int j = 1; j <= n / 2; j++) {
            tail += term;
            if (2 * tail > 1 - EACH) {
                break;
            }
            k = j;
            term = term * (n - (j - 1)) / j; // P(B = j) from P(B = j-1)
        }
        return k == 0 ? null : new double[] {s[k - 1], s[n - k]};
    }
}
