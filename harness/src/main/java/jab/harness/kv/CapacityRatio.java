package jab.harness.kv;

import java.util.Locale;

import jab.harness.results.RatioInterval;
import jab.harness.results.RunResults;
import jab.harness.stats.ForkInterval;
import jab.harness.stats.RatioVerdict;

/**
 * One server's requests per server CPU-second over another's in the side by side: the ratio of the
 * rounds' means with its 95% interval over rounds ({@link RatioInterval}, as {@link CapacityTable}'s
 * jab/Redis is drawn, so a pair of servers gets one figure wherever it is shown), and the questions'
 * verdict on that interval against the run's band ({@link RatioVerdict}): faster or slower when the
 * whole interval lies beyond the band, the same when it lies within it, undecided otherwise. Faster
 * here means more requests per CPU-second: the same work for less CPU.
 *
 * @param rounds the rounds of the server with fewer
 */
record CapacityRatio(RatioInterval ratio, RatioVerdict verdict, int rounds) {

    /** {@code a} over {@code b}, each a server's requests per CPU-second per round. */
    static CapacityRatio of(double[] a, double[] b, double band) {
        RatioInterval r = RatioInterval.of(b, a, ForkInterval.CONFIDENCE); // mean(a) / mean(b)
        return new CapacityRatio(r, RatioVerdict.of(r.low(), r.high(), band, true), Math.min(a.length, b.length));
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
        return !Double.isNaN(ratio.low()) && !Double.isNaN(ratio.high());
    }
}
