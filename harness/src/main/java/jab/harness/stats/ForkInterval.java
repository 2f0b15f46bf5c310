package jab.harness.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.statistics.distribution.TDistribution;

import jab.harness.stats.Stats;

/**
 * jab's 95% interval for a result's mean with the fork (one JVM invocation) as the unit of
 * replication, as Kalibera and Jones recommend: each fork's mean is one observation, and Student's
 * t over the fork means gives the interval. It varies over forks, so JIT decisions, memory layout
 * and other per-JVM effects widen it, where JMH's error (all iterations of all forks pooled) does
 * not see them.
 *
 * <p>Why not a hierarchical bootstrap: with the 2 to 5 forks a run can afford, resampling forks can
 * only return combinations of the forks it saw, so its interval is too narrow exactly when forks
 * are few; t with forks - 1 degrees of freedom is wide then, which is the honest answer.
 *
 * @param mean      the mean of the fork means (each fork weighs the same)
 * @param halfWidth half the interval's width, in the result's unit; NaN without an interval
 * @param forks     forks with at least one finite iteration
 */
public record ForkInterval(double mean, double halfWidth, int forks, Method method) {
    public static final double CONFIDENCE = 0.95;

    /** How the interval was computed; {@link #words} is what the output says. */
    public enum Method {
        FORK_MEANS("t over fork means"),
        /** One fork: only the iterations vary, so the interval is too narrow and says so. */
        ITERATIONS("1 fork: over iterations only, fork-to-fork variance unknown"),
        NONE("no interval: fewer than 2 samples");

        public final String words;

        Method(String words) {
            this.words = words;
        }
    }

    public static ForkInterval of(List<double[]> rawData) {
        double[] means = forkMeans(rawData);
        if (means.length >= 2) {
            return new ForkInterval(Stats.mean(means), tHalfWidth(means), means.length, Method.FORK_MEANS);
        }
        if (means.length == 1) {
            double[] it = finite(rawData.stream().filter(f -> finite(f).length > 0).findFirst().orElseThrow());
            return it.length >= 2 ? new ForkInterval(means[0], tHalfWidth(it), 1, Method.ITERATIONS)
                    : new ForkInterval(means[0], Double.NaN, 1, Method.NONE);
        }
        return new ForkInterval(Double.NaN, Double.NaN, 0, Method.NONE);
    }

    /** The mean of each fork's finite iterations; forks without any are left out. */
    public static double[] forkMeans(List<double[]> rawData) {
        List<Double> out = new ArrayList<>();
        for (double[] fork : rawData) {
            double[] xs = finite(fork);
            if (xs.length > 0) {
                out.add(Stats.mean(xs));
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Half-width of the 95% t interval of the mean of xs. */
    static double tHalfWidth(double[] xs) {
        return tQuantile(xs.length) * Stats.stdev(xs) / Math.sqrt(xs.length);
    }

    /** Student's t quantile of the 95% interval of a mean of n observations (n - 1 degrees of freedom). */
    static double tQuantile(int n) {
        return TDistribution.of(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    }

    /**
     * The forks this result would need for a relative half-width of at most {@code target}, if the
     * fork means kept the spread they have now: both the square root of n and the t quantile shrink
     * as forks are added (t is 12.7 at 2 forks, 4.3 at 3, 2.8 at 5). At most {@code limit}; the
     * forks it has when it has no interval over forks or already meets the target.
     */
    public int forksFor(double target, int limit) {
        if (method != Method.FORK_MEANS || !(relative() > target)) {
            return forks;
        }
        double spread = relative() * Math.sqrt(forks) / tQuantile(forks); // the fork means' coefficient of variation
        for (int n = forks + 1; n < limit; n++) {
            if (tQuantile(n) * spread / Math.sqrt(n) <= target) {
                return n;
            }
        }
        return limit;
    }

    static double[] finite(double[] xs) {
        return java.util.Arrays.stream(xs).filter(Double::isFinite).toArray();
    }

    /** The half-width relative to the mean (0.05 for ±5%); NaN without an interval. */
    public double relative() {
        return halfWidth / Math.abs(mean);
    }

    public boolean hasInterval() {
        return method != Method.NONE && Double.isFinite(halfWidth);
    }

    /** A table cell: "±2.1% (5 forks)", "±0.8% (1 fork)", or "-". */
    public String cell() {
        if (!hasInterval()) {
            return "-";
        }
        return String.format(Locale.ROOT, "±%s (%d fork%s)", percent(relative()), forks, forks == 1 ? "" : "s");
    }

    /** A relative figure as a percentage with two significant digits at most: 0.0213 is "2.1%". */
    public static String percent(double f) {
        double p = f * 100;
        if (!Double.isFinite(p)) {
            return "?";
        }
        return p >= 10 ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%.1f%%", p);
    }
}
