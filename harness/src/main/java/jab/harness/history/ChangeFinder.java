package jab.harness.history;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.statistics.distribution.TDistribution;

import jab.harness.family.Baseline;

/**
 * Finds the steps of each series ({@link EDivisive} on the log of its ratios, the points' own intervals
 * as the t-test's floor) and describes each: before, after, the step, who got slower, and whether it is
 * a regression beyond the limit.
 */
public final class ChangeFinder {
    /** Otava's default significance: few false alarms across the hundred series of a history. */
    public static final double DEFAULT_P = 0.001;

    private final EDivisive algorithm;
    private final double limit;

    /** @param limit a regression is a step whose whole 95% interval is beyond this (0.03: 3%); 0 for none */
    public ChangeFinder(double maxP, double limit) {
        this.algorithm = new EDivisive(maxP);
        this.limit = limit;
    }

    /** The steps of every series, series by series. */
    public List<Change> changes(List<HistoryStore.Series> series) {
        return series.stream().flatMap(s -> changes(s).stream()).toList();
    }

    public List<Change> changes(HistoryStore.Series s) {
        List<HistoryStore.Point> pts = s.points();
        double[] x = new double[pts.size()];
        double[] own = new double[pts.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.log(pts.get(i).ratio());
            own[i] = ownVariance(pts.get(i));
        }
        List<EDivisive.Split> splits = algorithm.changePoints(x, own);
        List<Change> out = new ArrayList<>();
        for (int k = 0; k < splits.size(); k++) {
            int from = k == 0 ? 0 : splits.get(k - 1).index();
            int at = splits.get(k).index();
            int to = k + 1 < splits.size() ? splits.get(k + 1).index() : x.length;
            out.add(describe(s, x, own, from, at, to, splits.get(k).pValue()));
        }
        return out;
    }

    private Change describe(HistoryStore.Series s, double[] x, double[] own, int from, int at, int to, double p) {
        EDivisive.Side l = EDivisive.Side.of(x, own, from, at);
        EDivisive.Side r = EDivisive.Side.of(x, own, at, to);
        double[] before = interval(l);
        double[] after = interval(r);
        double vl = l.pointVariance() / l.n();
        double vr = r.pointVariance() / r.n();
        double se = Math.sqrt(vl + vr);
        // Welch-Satterthwaite; a side of one run has its own interval's variance, taken as known
        double df = (vl + vr) * (vl + vr) / ((l.n() > 1 ? vl * vl / (l.n() - 1) : 0) + (r.n() > 1 ? vr * vr / (r.n() - 1) : 0));
        double t = quantile(Double.isFinite(df) && df > 0 ? df : 1e6);
        double d = r.mean() - l.mean();
        double step = Math.exp(d);
        double stepLow = Math.exp(d - t * se);
        double stepHigh = Math.exp(d + t * se);
        String slower = slower(s, step);
        HistoryStore.Point first = s.points().get(at);
        return new Change(s, at, first.commit(), first.time(), l.n(), r.n(), before[0], before[1], before[2], after[0], after[1], after[2],
                step, stepLow, stepHigh, p, slower, regression(s, slower, stepLow, stepHigh, limit));
    }

    /** exp of the side's mean, with its 95% t interval over its runs (a single run: its own interval's spread). */
    private static double[] interval(EDivisive.Side side) {
        double half = quantile(side.n() > 1 ? side.n() - 1 : 1e6) * Math.sqrt(side.pointVariance() / side.n());
        return new double[] {Math.exp(side.mean()), Math.exp(side.mean() - half), Math.exp(side.mean() + half)};
    }

    private static double quantile(double df) {
        return TDistribution.of(df).inverseCumulativeProbability(0.975);
    }

    /**
     * The variant the step made slower relative to the other: a ratio a/b of times that rises means a
     * got slower (of throughputs, b); one that falls, the other.
     */
    static String slower(HistoryStore.Series s, double step) {
        boolean aSlower = (step > 1) != s.higherIsBetter();
        return aSlower ? s.a() : s.b();
    }

    /**
     * A regression beyond {@code limit}: the step's whole 95% interval beyond it, on the slow side of one
     * of the two variants. In a question every variant is code under watch, so either getting slower
     * counts; of a head/base pair (--baseline runs) only the head getting slower does.
     */
    static boolean regression(HistoryStore.Series s, String slower, double stepLow, double stepHigh, double limit) {
        if (limit <= 0) {
            return false;
        }
        boolean beyond = stepLow > 1 + limit || stepHigh < 1 / (1 + limit);
        boolean headBase = s.a().equals(Baseline.HEAD) && s.b().equals(Baseline.BASE);
        return beyond && (!headBase || slower.equals(Baseline.HEAD));
    }

    /**
     * A point's own variance of log(ratio): its 95% interval's half-width on the log scale over Student's
     * t at its forks (the interval is t over forks), or over 1.96 for an interval over one fork's rounds.
     */
    static double ownVariance(HistoryStore.Point p) {
        if (!(p.low() > 0) || !(p.high() >= p.low())) {
            return 0;
        }
        double half = (Math.log(p.high()) - Math.log(p.low())) / 2;
        double t = p.forks() >= 2 ? quantile(p.forks() - 1) : 1.96;
        return (half / t) * (half / t);
    }
}
