package jab.harness.compare;

import jab.harness.results.BenchResult;

/**
 * One result of B against the same result of A: the scores, B/A with its confidence interval, the
 * test's p-value on the raw per-iteration data, and the verdict. The verdict is faster or slower
 * only when the difference is significant (p < alpha) AND larger than the threshold: a real but
 * tiny difference is no news, and a large one the data cannot support is no claim.
 *
 * @param label what is compared ("JDK 17 vs JDK 25", or "" for two runs)
 */
public record Comparison(String label, BenchResult a, BenchResult b, RatioInterval ratio, double pValue,
                         Verdict verdict, Settings settings) {

    /** How to decide: the test, its alpha, the minimum relative change, the interval's confidence. */
    public record Settings(StatTest test, double alpha, double threshold) {
        public double confidence() {
            return 1 - alpha;
        }
    }

    public static Comparison of(String label, BenchResult a, BenchResult b, Settings s) {
        double[] xa = a.allSamples();
        double[] xb = b.allSamples();
        if (xa.length < 2 || xb.length < 2 || !finite(xa) || !finite(xb)) {
            RatioInterval r = new RatioInterval(b.score() / a.score(), Double.NaN, Double.NaN);
            return new Comparison(label, a, b, r, Double.NaN, Verdict.NOT_TESTED, s);
        }
        RatioInterval r = RatioInterval.of(xa, xb, s.confidence());
        double p = s.test().pValue(xa, xb);
        return new Comparison(label, a, b, r, p, verdict(r.ratio(), p, a.higherIsBetter(), s), s);
    }

    /** B's ratio to A, its p-value, and which way is better decide the verdict. */
    static Verdict verdict(double ratio, double p, boolean higherIsBetter, Settings s) {
        if (Double.isNaN(p) || p >= s.alpha() || Math.abs(ratio - 1) < s.threshold()) {
            return Verdict.NO_CHANGE;
        }
        boolean bigger = ratio > 1;
        return bigger == higherIsBetter ? Verdict.FASTER : Verdict.SLOWER;
    }

    /** B's change in plain words: "20.1% slower", relative to A in the direction of "better". */
    public double speedup() {
        // thrpt: B/A; time per op: A/B. Above 1 means B is faster.
        return a.higherIsBetter() ? ratio.ratio() : 1 / ratio.ratio();
    }

    private static boolean finite(double[] xs) {
        for (double x : xs) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }
}
