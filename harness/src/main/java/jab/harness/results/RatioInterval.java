package jab.harness.results;

import org.apache.commons.statistics.distribution.TDistribution;

import jab.harness.stats.Stats;

/**
 * The ratio of two means, mean(B) / mean(A), with a confidence interval from the delta method on
 * the log scale: var(log mean) ~ s^2 / (n mean^2), Welch-Satterthwaite degrees of freedom. The
 * interval is multiplicative (ratio / f .. ratio * f), as a ratio's uncertainty is.
 */
public record RatioInterval(double ratio, double low, double high) {

    /**
     * B/A of two results over their replicates ({@link Replicates}): the fork means when both have
     * two forks or more, else the iterations.
     */
    public static RatioInterval of(BenchResult a, BenchResult b, double confidence) {
        Replicates r = Replicates.of(a, b);
        return of(r.a(), r.b(), confidence);
    }

    public static RatioInterval of(double[] a, double[] b, double confidence) {
        double ma = Stats.mean(a);
        double mb = Stats.mean(b);
        double ratio = mb / ma;
        if (a.length < 2 || b.length < 2 || !(ma > 0) || !(mb > 0)) {
            return new RatioInterval(ratio, Double.NaN, Double.NaN);
        }
        double va = sq(Stats.stdev(a) / ma) / a.length;
        double vb = sq(Stats.stdev(b) / mb) / b.length;
        double se = Math.sqrt(va + vb);
        if (se == 0) {
            return new RatioInterval(ratio, ratio, ratio);
        }
        double df = sq(va + vb) / (sq(va) / (a.length - 1) + sq(vb) / (b.length - 1));
        double t = TDistribution.of(df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        double f = Math.exp(t * se);
        return new RatioInterval(ratio, ratio / f, ratio * f);
    }

    /** The interval's half-width relative to the ratio, for "2.1x (±4%)". */
    public double relativeHalfWidth() {
        return (high - low) / 2 / ratio;
    }

    private static double sq(double x) {
        return x * x;
    }
}
