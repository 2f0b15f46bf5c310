package jab.harness.results;

import jab.harness.stats.StatTest;

/**
 * One result of B against the same result of A: the scores, B/A with its confidence interval, the
 * test's p-value, and the verdict. The verdict is faster or slower only when the difference is
 * significant (p < alpha) AND B/A's whole interval lies beyond the threshold (above 1 + threshold or
 * below 1 - threshold), Criterion.rs's rule: a change is claimed only when the data show it is larger
 * than the noise a user has said to ignore. A point estimate beyond the threshold is not enough: two
 * runs of the same command on a cloud VM differ by a few percent more than their forks do (the host's
 * shared cache moves between runs), and with three forks a side a 6% point estimate sits inside an
 * interval of +-10%, which the next run would not repeat. The test (on the scores) and the interval
 * (on their logarithms) can disagree when each side has two or three forks of unequal spread, so both
 * must agree.
 *
 * <p>The unit of replication is the fork: when both sides have two forks or more, the test and the
 * ratio's interval work on the fork means, so a difference between JVM invocations (JIT decisions,
 * memory layout) counts as the noise it is. Pooling every iteration of every fork, as JMH's error
 * does, takes n = forks x iterations samples of what is really a handful, and calls changes that
 * the next run would not repeat. With one fork on a side, only the iterations are left, and the
 * comparison says so ({@link #unit}). When both sides are repeated runs (a folder of run directories), each
 * run is one sample (its mean of fork means), so run-to-run variance counts too.
 *
 * @param label what is compared ("JDK 17 vs JDK 25", or "" for two runs)
 * @param unit  what the test and interval varied over: {@link #RUNS}, {@link #FORKS} or {@link #ITERATIONS}
 */
public record Comparison(String label, BenchResult a, BenchResult b, RatioInterval ratio, double pValue,
                         SignificanceVerdict verdict, Settings settings, String unit) {
    public static final String FORKS = "forks";
    public static final String ITERATIONS = "iterations";
    public static final String RUNS = "runs";

    /** How to decide: the test, its alpha, the minimum relative change, the interval's confidence. */
    public record Settings(StatTest test, double alpha, double threshold) {
        public double confidence() {
            return 1 - alpha;
        }
    }

    public static Comparison of(String label, BenchResult a, BenchResult b, Settings s) {
        return of(label, a, b, s, false);
    }

    /**
     * @param byRun whether both results come from repeated runs: their raw data hold one row per run
     *              (that run's mean), so what {@link Replicates} reads as fork means are run means
     */
    public static Comparison of(String label, BenchResult a, BenchResult b, Settings s, boolean byRun) {
        Replicates rep = Replicates.of(a, b);
        double[] xa = rep.a();
        double[] xb = rep.b();
        // repeated runs hold one sample per run, so a side found in a single run has one sample and is not tested
        String unit = byRun ? RUNS : rep.byFork() ? FORKS : ITERATIONS;
        if (xa.length < 2 || xb.length < 2 || !finite(xa) || !finite(xb)) {
            RatioInterval r = new RatioInterval(b.score() / a.score(), Double.NaN, Double.NaN);
            return new Comparison(label, a, b, r, Double.NaN, SignificanceVerdict.NOT_TESTED, s, unit);
        }
        RatioInterval r = RatioInterval.of(xa, xb, s.confidence());
        double p = s.test().pValue(xa, xb);
        return new Comparison(label, a, b, r, p, verdict(r, p, a.higherIsBetter(), s), s, unit);
    }

    /** B's ratio to A with its interval, the test's p-value, and which way is better decide the verdict. */
    static SignificanceVerdict verdict(RatioInterval r, double p, boolean higherIsBetter, Settings s) {
        boolean wholeIntervalAbove = r.low() > 1 + s.threshold();
        boolean wholeIntervalBelow = r.high() < 1 - s.threshold();
        if (Double.isNaN(p) || p >= s.alpha() || !(wholeIntervalAbove || wholeIntervalBelow)) {
            return SignificanceVerdict.NO_CHANGE;
        }
        boolean bigger = wholeIntervalAbove;
        return bigger == higherIsBetter ? SignificanceVerdict.FASTER : SignificanceVerdict.SLOWER;
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
