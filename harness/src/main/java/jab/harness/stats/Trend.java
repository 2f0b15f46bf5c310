package jab.harness.stats;

import java.util.List;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A straight line through the measured iterations, fitted within each fork (each fork keeps its own
 * level, all share one slope), so a difference between forks is not read as a trend. A significant
 * slope means the iterations had not settled: warm-up not reached, or a cost that grows as the fork
 * runs (heap growth, a cache filling).
 *
 * @param drift  the fitted change from the first to the last measured iteration, relative to the mean
 * @param pValue two-sided p-value of "no slope" (t-test of the pooled within-fork slope)
 */
public record Trend(double drift, double pValue) {

    /** Forks with fewer than 4 iterations carry too little of a line and are left out. */
    static final int MIN_ITERATIONS = 4;

    public static Trend of(List<double[]> rawData) {
        List<double[]> forks = rawData.stream().filter(f -> f.length >= MIN_ITERATIONS && allFinite(f)).toList();
        int n = forks.stream().mapToInt(f -> f.length).sum();
        int df = n - forks.size() - 1;
        double sxx = 0;
        double sxy = 0;
        for (double[] fork : forks) {
            double xm = (fork.length - 1) / 2.0;
            double ym = Stats.mean(fork);
            for (int i = 0; i < fork.length; i++) {
                sxy += (i - xm) * (fork[i] - ym);
                sxx += (i - xm) * (i - xm);
            }
        }
        if (forks.isEmpty() || df < 1 || sxx == 0) {
            return new Trend(0, 1);
        }
        double slope = sxy / sxx;
        double rss = 0;
        double sum = 0;
        int longest = 0;
        for (double[] fork : forks) {
            double xm = (fork.length - 1) / 2.0;
            double ym = Stats.mean(fork);
            for (int i = 0; i < fork.length; i++) {
                double r = fork[i] - ym - slope * (i - xm);
                rss += r * r;
            }
            sum += ym * fork.length;
            longest = Math.max(longest, fork.length);
        }
        double drift = slope * (longest - 1) / (sum / n);
        double se = Math.sqrt(rss / df / sxx);
        if (se == 0) {
            return new Trend(drift, slope == 0 ? 1 : 0);
        }
        return new Trend(drift, 2 * TDistribution.of(df).survivalProbability(Math.abs(slope / se)));
    }

    static boolean allFinite(double[] xs) {
        for (double x : xs) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }
}
