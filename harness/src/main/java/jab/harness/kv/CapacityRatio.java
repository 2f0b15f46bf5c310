package jab.harness.kv;

import java.util.List;
import java.util.Locale;

import jab.harness.results.RunResults;
import jab.harness.stats.PairedRatio;
import jab.harness.stats.RatioVerdict;

/**
 * One server's figure over another's in the side by side (requests per server CPU-second, or requests
 * per second) or end to end (jab kv load's throughput), round by round: the servers of a round run
 * within seconds of each other, so the ratio of a round holds little of the machine's drift from
 * round to round, which the rounds' means would carry into the interval. The estimate is the
 * questions' own ({@link PairedRatio}): the geometric mean of the rounds' ratios with Student's t 95%
 * interval over rounds; its verdict is theirs too ({@link RatioVerdict}): faster or slower when the
 * whole interval lies beyond the band, the same when it lies within it, undecided otherwise. Faster
 * here means more of the figure: the same work for less CPU, or more requests a second. Every pair of
 * servers gets this one figure wherever it is shown (the capacity table, the requests/s table, the
 * transport answers, the end-to-end rounds).
 *
 * @param rounds the rounds both servers ran (a server that ran fewer pairs its first ones)
 */
record CapacityRatio(PairedRatio ratio, RatioVerdict verdict, int rounds) {

    /** {@code a} over {@code b}, each a server's figure per round, in the order the rounds ran. */
    static CapacityRatio of(double[] a, double[] b, double band) {
        int n = Math.min(a.length, b.length);
        double[] logs = new double[n];
        for (int i = 0; i < n; i++) {
            logs[i] = Math.log(a[i] / b[i]);
        }
        PairedRatio r = PairedRatio.of(List.of(logs));
        return new CapacityRatio(r, RatioVerdict.of(r.low(), r.high(), band, true), n);
    }

    /** The verdicts' band: the run's (--band), as its questions' verdicts use; the default in runs that do not say. */
    static double band(RunResults run) {
        double band = run.record().request().band();
        return band > 0 ? band : RatioVerdict.DEFAULT_BAND;
    }

    /** "1.04x [0.99-1.09]": the ratio and its 95% interval over rounds; the ratio alone without an interval. */
    String ratioWords() {
        return hasInterval() ? String.format(Locale.ROOT, "%.2fx [%.2f-%.2f]", ratio.ratio(), ratio.low(), ratio.high())
                : String.format(Locale.ROOT, "%.2fx", ratio.ratio());
    }

    /** "faster", "slower", "the same" or "undecided", saying why there is no interval when there is none. */
    String verdictWords() {
        return hasInterval() ? verdict.words : verdict.words + (rounds < 2 ? " (one round: no interval)" : " (no interval: a figure unknown)");
    }

    private boolean hasInterval() {
        return Double.isFinite(ratio.low()) && Double.isFinite(ratio.high());
    }
}
