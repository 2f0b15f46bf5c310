package jab.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.commons.statistics.inference.OneWayAnova;

/**
 * How far the forks of a result disagree: the range of their means, a one-way ANOVA of "every fork
 * has the same mean" on the iterations, and whether the fork means fall into two groups (bimodal:
 * the largest gap between sorted fork means is more than half their range, with at least two forks
 * on each side).
 *
 * @param low      the lowest fork mean
 * @param high     the highest fork mean
 * @param pValue   ANOVA p-value; 1 when it cannot be computed
 * @param lowGroup forks below the largest gap when bimodal, else 0
 */
public record ForkSpread(int forks, double low, double high, double pValue, boolean bimodal, int lowGroup) {

    public static ForkSpread of(List<double[]> rawData) {
        List<double[]> groups = new ArrayList<>();
        for (double[] fork : rawData) {
            if (fork.length > 0 && Trend.allFinite(fork)) {
                groups.add(fork);
            }
        }
        double[] means = groups.stream().mapToDouble(Stats::mean).sorted().toArray();
        if (means.length < 2) {
            return new ForkSpread(means.length, Double.NaN, Double.NaN, 1, false, 0);
        }
        double p = 1;
        if (groups.stream().allMatch(g -> g.length >= 2) && !allEqual(groups)) {
            p = OneWayAnova.withDefaults().test(groups).getPValue();
        }
        double range = means[means.length - 1] - means[0];
        int gapAt = 0;
        double gap = 0;
        for (int i = 1; i < means.length; i++) {
            if (means[i] - means[i - 1] > gap) {
                gap = means[i] - means[i - 1];
                gapAt = i;
            }
        }
        boolean bimodal = means.length >= 4 && gapAt >= 2 && means.length - gapAt >= 2 && gap > range / 2;
        return new ForkSpread(means.length, means[0], means[means.length - 1], p, bimodal, bimodal ? gapAt : 0);
    }

    /** high / low: 1.4 when the slowest fork's mean is 40% above the fastest's. */
    public double ratio() {
        return high / low;
    }

    private static boolean allEqual(List<double[]> groups) {
        double first = groups.get(0)[0];
        return groups.stream().flatMapToDouble(Arrays::stream).allMatch(x -> x == first);
    }
}
