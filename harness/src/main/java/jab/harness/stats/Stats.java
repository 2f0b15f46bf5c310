package jab.harness.stats;

import java.util.Arrays;

import org.apache.commons.statistics.distribution.TDistribution;

/** Summary statistics computed the way JMH computes them, so native and JMH figures compare. */
public final class Stats {
    private Stats() {
    }

    public static double mean(double[] xs) {
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        return xs.length == 0 ? Double.NaN : sum / xs.length;
    }

    public static double stdev(double[] xs) {
        if (xs.length < 2) {
            return Double.NaN;
        }
        double m = mean(xs);
        double ss = 0;
        for (double x : xs) {
            ss += (x - m) * (x - m);
        }
        return Math.sqrt(ss / (xs.length - 1));
    }

    /** JMH's scoreError: the half-width of the 99.9% confidence interval of the mean (Student's t). */
    public static double error999(double[] xs) {
        if (xs.length < 2) {
            return Double.NaN;
        }
        double t = TDistribution.of(xs.length - 1).inverseCumulativeProbability(1 - 0.001 / 2);
        return t * stdev(xs) / Math.sqrt(xs.length);
    }

    /** Percentile p (0..100) by JMH's rule (linear interpolation between closest ranks). */
    public static double percentile(double[] xs, double p) {
        double[] s = xs.clone();
        Arrays.sort(s);
        if (s.length == 0) {
            return Double.NaN;
        }
        double pos = p / 100.0 * (s.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        return s[lo] + (s[hi] - s[lo]) * (pos - lo);
    }

    public static double median(double[] xs) {
        return percentile(xs, 50);
    }
}
