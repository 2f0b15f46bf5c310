package jab.harness.results;

import java.util.Locale;

import jab.harness.stats.StatTest;

/**
 * B against A from raw samples, the way a summary checks a target such as "at least as fast as C":
 * B's speedup over A with its 95% interval, the test's p-value and the verdict. Unlike
 * {@link Comparison} there is no minimum effect: any significant slowdown misses such a target, and
 * a difference the samples cannot tell from noise is reported as that, not as a win or a loss.
 */
public record TargetCheck(RatioInterval speedup, double pValue, SignificanceVerdict verdict, StatTest test) {
    private static final double ALPHA = 0.05;

    /**
     * @param a the reference's samples (C, Redis)
     * @param b the candidate's samples (jab), in the same unit as {@code a}
     * @param higherIsBetter true for throughput, false for time per operation
     */
    public static TargetCheck of(double[] a, double[] b, boolean higherIsBetter, StatTest test) {
        // as a speedup, above 1 means B is better whichever way the unit points
        RatioInterval speedup = higherIsBetter ? RatioInterval.of(a, b, 1 - ALPHA) : RatioInterval.of(b, a, 1 - ALPHA);
        if (a.length < 2 || b.length < 2) {
            return new TargetCheck(speedup, Double.NaN, SignificanceVerdict.NOT_TESTED, test);
        }
        double p = test.pValue(a, b);
        SignificanceVerdict v = Comparison.verdict(speedup, p, true, new Comparison.Settings(test, ALPHA, 0));
        return new TargetCheck(speedup, p, v, test);
    }

    /** "0.96x [0.90-1.02]": the speedup and its interval (the interval left out when untested). */
    public String ratioWords() {
        if (!Double.isFinite(speedup.low())) {
            return String.format(Locale.ROOT, "%.2fx", speedup.ratio());
        }
        return String.format(Locale.ROOT, "%.2fx [95%% CI %.2f-%.2f]", speedup.ratio(), speedup.low(), speedup.high());
    }

    /** "as fast (no significant difference; Welch's t-test p=0.41)", or faster / slower with the p-value. */
    public String verdictWords() {
        switch (verdict) {
            case NOT_TESTED:
                return (speedup.ratio() >= 1 ? "at least as fast" : "slower") + " (one sample: not tested)";
            case NO_CHANGE:
                return String.format(Locale.ROOT, "as fast (no significant difference; %s p=%.2f)", test.title, pValue);
            default:
                return String.format(Locale.ROOT, "%s (%s p=%.3f)", verdict.words, test.title, pValue);
        }
    }
}
