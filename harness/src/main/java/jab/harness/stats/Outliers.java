package jab.harness.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Iterations far from the rest of their fork, by Tukey's far-out fences: below Q1 - 3 IQR or above
 * Q3 + 3 IQR of the fork's iterations, and at least {@link #MIN_DISTANCE} from the fork's median (a
 * 1% blip in a benchmark with 0.1% noise is no news). Within a fork, so a fork that differs from
 * the others is not an outlier: that is what {@link ForkSpread} looks at.
 *
 * @param count        outlying iterations in all forks
 * @param forks        forks that have one
 * @param worst        the farthest one relative to its fork's median (1.8 for 80% above)
 * @param meanShift    how much the outliers move the mean: mean with them / mean without them - 1
 * @param geometricShift the same for the geometric mean (what a ratio of interleaved rounds is); NaN
 *                     when a value is not positive
 */
public record Outliers(int count, int forks, double worst, double meanShift, double geometricShift) {
    public static final String RULE = "Tukey's far-out fences (3 IQR) within a fork, and at least 5% from the fork's median";
    static final double MIN_DISTANCE = 0.05;
    /** Quartiles of fewer iterations say little. */
    static final int MIN_ITERATIONS = 5;

    public static Outliers of(List<double[]> rawData) {
        int count = 0;
        int forks = 0;
        double worst = 1;
        List<Double> all = new ArrayList<>();
        List<Double> kept = new ArrayList<>();
        for (double[] fork : rawData) {
            if (!Trend.allFinite(fork)) {
                continue;
            }
            boolean checked = fork.length >= MIN_ITERATIONS;
            double q1 = Stats.percentile(fork, 25);
            double q3 = Stats.percentile(fork, 75);
            double med = Stats.median(fork);
            double iqr = q3 - q1;
            int here = 0;
            for (double x : fork) {
                all.add(x);
                boolean out = checked && (x < q1 - 3 * iqr || x > q3 + 3 * iqr) && Math.abs(x / med - 1) >= MIN_DISTANCE;
                if (out) {
                    here++;
                    double rel = x / med;
                    if (Math.abs(Math.log(rel)) > Math.abs(Math.log(worst))) {
                        worst = rel;
                    }
                } else {
                    kept.add(x);
                }
            }
            count += here;
            forks += here > 0 ? 1 : 0;
        }
        boolean none = count == 0 || kept.isEmpty();
        double shift = none ? 0 : mean(all) / mean(kept) - 1;
        double geometric = none ? 0 : Math.exp(meanLog(all) - meanLog(kept)) - 1;
        return new Outliers(count, forks, worst, shift, geometric);
    }

    private static double meanLog(List<Double> xs) {
        return xs.stream().mapToDouble(Math::log).average().orElse(Double.NaN);
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
