package jab.harness.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Change points of a series by E-divisive means with a Student's t-test, as Apache Otava (formerly
 * Hunter) finds them: Matteson and James, "A Nonparametric Approach for Multiple Change Point Analysis
 * of Multivariate Data", JASA 109 (2014), for the divergence and the divisive search; Fleming et al.,
 * "Hunter: Using Change Point Detection to Hunt for Performance Regressions", ICPE 2023 (and the Apache
 * Otava paper at ICPE 2025), for the t-test in place of permutations, the sliding windows and the
 * weak change points merged away. No Java implementation is on Maven Central; this follows Otava's
 * {@code compute_change_points}: split (windows of 50 points, half overlapping, at 10x the p-value),
 * then merge (the weakest point dropped and its neighbours retested until all pass).
 *
 * <p>Two changes, both for jab's points, which carry their own interval: the t-test's variance on each
 * side is at least the mean of its points' own squared standard errors (a few runs that happen to
 * agree closely cannot make a step significant that their intervals say is noise), and it uses the
 * sample variance where Otava passes NumPy's population one.
 */
public final class EDivisive {
    /** Otava's default window. */
    static final int WINDOW = 50;

    private final double maxP;

    /** @param maxP the p-value a change point must reach (Otava's default 0.001) */
    public EDivisive(double maxP) {
        this.maxP = maxP;
    }

    /** A change point: the index of the first point after it, and the t-test's p-value between its neighbours. */
    public record Split(int index, double pValue) {
    }

    /**
     * The change points of {@code x}, in order.
     *
     * @param variance each point's own variance (its interval's squared standard error), a floor for the t-test; 0 for none
     */
    public List<Split> changePoints(double[] x, double[] variance) {
        double firstPass = maxP < 0.05 ? maxP * 10 : maxP < 0.5 ? maxP * 2 : maxP;
        List<Integer> weak = split(x, variance, firstPass);
        return merge(weak, x, variance);
    }

    /** Otava's split: E-divisive in each window of {@link #WINDOW} points, windows moving by half their length. */
    private static List<Integer> split(double[] x, double[] variance, double p) {
        List<Integer> found = new ArrayList<>();
        int step = WINDOW / 2;
        for (int start = 0; start < x.length; ) {
            int end = Math.min(start + WINDOW, x.length);
            List<Integer> inWindow = detect(x, variance, start, end, p);
            int last = inWindow.isEmpty() ? 0 : inWindow.get(inWindow.size() - 1);
            start = Math.max(last, start + step);
            inWindow.stream().filter(i -> !found.contains(i)).forEach(found::add);
        }
        found.sort(Integer::compare);
        return found;
    }

    /** E-divisive on x[from, to): the best split of any segment, kept while its t-test passes. */
    private static List<Integer> detect(double[] x, double[] variance, int from, int to, double p) {
        Divergence q = new Divergence(x, from, to);
        List<Integer> points = new ArrayList<>();
        while (true) {
            List<Integer> bounds = bounds(points, from, to);
            int best = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            int segment = -1;
            for (int s = 0; s + 1 < bounds.size(); s++) {
                if (bounds.get(s + 1) - bounds.get(s) < 2) {
                    continue;
                }
                Divergence.Best b = q.best(bounds.get(s), bounds.get(s + 1));
                if (b.q() > bestQ) {
                    bestQ = b.q();
                    best = b.tau();
                    segment = s;
                }
            }
            if (best < 0 || tTest(x, variance, bounds.get(segment), best, bounds.get(segment + 1)) > p) {
                return points;
            }
            points.add(best);
            points.sort(Integer::compare);
        }
    }

    /** Otava's merge: drop the weakest point (highest p-value) and retest its neighbours until every point passes. */
    private List<Split> merge(List<Integer> weak, double[] x, double[] variance) {
        List<Integer> points = new ArrayList<>(weak);
        while (!points.isEmpty()) {
            List<Split> tested = tested(points, x, variance);
            Split weakest = tested.stream().max(Comparator.comparingDouble(Split::pValue)).orElseThrow();
            if (weakest.pValue() <= maxP) {
                return tested;
            }
            points.remove(Integer.valueOf(weakest.index()));
        }
        return List.of();
    }

    /** Each point's t-test between the segments on either side of it. */
    private static List<Split> tested(List<Integer> points, double[] x, double[] variance) {
        List<Integer> bounds = bounds(points, 0, x.length);
        List<Split> out = new ArrayList<>();
        for (int i = 1; i + 1 < bounds.size(); i++) {
            out.add(new Split(bounds.get(i), tTest(x, variance, bounds.get(i - 1), bounds.get(i), bounds.get(i + 1))));
        }
        return out;
    }

    private static List<Integer> bounds(List<Integer> points, int from, int to) {
        List<Integer> b = new ArrayList<>();
        b.add(from);
        points.stream().filter(i -> i > from && i < to).forEach(b::add);
        b.add(to);
        return b;
    }

    /** Two-sided Student's t-test of x[from, at) against x[at, to), each side's variance floored by its points' own. */
    static double tTest(double[] x, double[] variance, int from, int at, int to) {
        Side l = Side.of(x, variance, from, at);
        Side r = Side.of(x, variance, at, to);
        int df = l.n + r.n - 2;
        if (df <= 0) {
            return 1;
        }
        double pooled = ((l.n - 1) * l.sampleVariance + (r.n - 1) * r.sampleVariance) / df;
        double floor = (l.n * l.floor + r.n * r.floor) / (l.n + r.n);
        double v = Math.max(pooled, floor) * (1.0 / l.n + 1.0 / r.n);
        double diff = Math.abs(r.mean - l.mean);
        if (v == 0) {
            return diff == 0 ? 1 : 0;
        }
        return 2 * TDistribution.of(df).survivalProbability(diff / Math.sqrt(v));
    }

    /** One side of a split: its count, mean, sample variance and the mean of its points' own variances. */
    record Side(int n, double mean, double sampleVariance, double floor) {
        static Side of(double[] x, double[] variance, int from, int to) {
            int n = to - from;
            double sum = 0;
            double own = 0;
            for (int i = from; i < to; i++) {
                sum += x[i];
                own += variance[i];
            }
            double mean = sum / n;
            double ss = 0;
            for (int i = from; i < to; i++) {
                ss += (x[i] - mean) * (x[i] - mean);
            }
            return new Side(n, mean, n > 1 ? ss / (n - 1) : 0, own / n);
        }

        /** The variance of one point on this side: the sample's, or the points' own where larger. */
        double pointVariance() {
            return Math.max(sampleVariance, floor);
        }
    }

    /**
     * Matteson and James's divergence Q(X, Y) of X = x[s, tau) and Y = x[tau, kappa) (alpha = 1):
     * nm/(n+m) times (2/(nm) of the distances between X and Y, less the mean distance within each),
     * from 2-D prefix sums of |x_i - x_j| over the window, so each (tau, kappa) costs O(1).
     */
    static final class Divergence {
        private final int from;
        private final double[][] prefix;

        record Best(int tau, double q) {
        }

        Divergence(double[] x, int from, int to) {
            this.from = from;
            int n = to - from;
            prefix = new double[n + 1][n + 1];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    prefix[i + 1][j + 1] = Math.abs(x[from + i] - x[from + j]) + prefix[i][j + 1] + prefix[i + 1][j] - prefix[i][j];
                }
            }
        }

        private double block(int r0, int r1, int c0, int c1) {
            int a = r0 - from;
            int b = r1 - from;
            int c = c0 - from;
            int d = c1 - from;
            return prefix[b][d] - prefix[a][d] - prefix[b][c] + prefix[a][c];
        }

        /** The tau in (s, e) and kappa in (tau, e] with the largest Q; tau is the first point after the split. */
        Best best(int s, int e) {
            int bestTau = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            for (int tau = s + 1; tau < e; tau++) {
                int n = tau - s;
                double withinX = block(s, tau, s, tau) / 2;
                for (int kappa = tau + 1; kappa <= e; kappa++) {
                    int m = kappa - tau;
                    double between = block(s, tau, tau, kappa);
                    double withinY = block(tau, kappa, tau, kappa) / 2;
                    double q = 2.0 / (n + m) * between
                            - (n > 1 ? 2.0 * m / ((double) (n + m) * (n - 1)) * withinX : 0)
                            - (m > 1 ? 2.0 * n / ((double) (n + m) * (m - 1)) * withinY : 0);
                    if (q > bestQ) {
                        bestQ = q;
                        bestTau = tau;
                    }
                }
            }
            return new Best(bestTau, bestQ);
        }
    }
}
