package jab.harness.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How a within-fork ratio changed between two sets of forks that cannot share a JVM (two JDKs): the
 * ratio of the two ratios, exp(mean y - mean x) of the forks' mean log-ratios, with Welch's 95%
 * interval (each side's forks vary on their own). A machine that drifted between the two sets moves
 * both variants of each ratio alike, so it cancels here where the absolute scores would move.
 *
 * @param ratio  ratio y / ratio x
 * @param low    its 95% interval's lower end; NaN with fewer than two forks on a side
 * @param high   its upper end
 */
public record RatioOfRatios(double ratio, double low, double high) {

    /** From each side's per-fork mean log-ratios. */
    public static RatioOfRatios of(double[] x, double[] y) {
        double d = Stats.mean(y) - Stats.mean(x);
        if (x.length < 2 || y.length < 2) {
            return new RatioOfRatios(Math.exp(d), Double.NaN, Double.NaN);
        }
        double vx = Math.pow(Stats.stdev(x), 2) / x.length;
        double vy = Math.pow(Stats.stdev(y), 2) / y.length;
        double se = Math.sqrt(vx + vy);
        double df = se == 0 ? x.length + y.length - 2
                : Math.pow(vx + vy, 2) / (vx * vx / (x.length - 1) + vy * vy / (y.length - 1));
        double t = TDistribution.of(df).inverseCumulativeProbability(0.975);
        return new RatioOfRatios(Math.exp(d), Math.exp(d - t * se), Math.exp(d + t * se));
    }

    public boolean hasInterval() {
        return !Double.isNaN(low);
    }
}
