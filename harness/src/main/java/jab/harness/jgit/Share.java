package jab.harness.jgit;

import java.util.Locale;
import java.util.Optional;

import jab.harness.results.BenchResult;
import jab.harness.results.PairAnswers;
import jab.harness.results.RunResults;

/**
 * How much of a workload's time per object the choice of existence check is: the slower result's
 * time less the faster one's, as a share of the slower one's, {@code 1 - fast/slow}, with its 95%
 * interval: the question's answer for the pair ({@link PairAnswers}) read as a share, so the share and
 * the answer are one figure (an answer from one fork gives the share without an interval). A pair no
 * question answers gets no share.
 */
record Share(BenchResult slow, BenchResult fast, double share, double low, double high) {

    static Optional<Share> of(RunResults run, String jdk, BenchResult slow, BenchResult fast) {
        return PairAnswers.of(run, jdk, slow, fast)
                .map(t -> t.overForks() ? new Share(slow, fast, 1 - 1 / t.cost(), 1 - 1 / t.low(), 1 - 1 / t.high())
                        : new Share(slow, fast, 1 - 1 / t.cost(), Double.NaN, Double.NaN)); // one fork: its rounds' interval decides nothing
    }

    /** The difference in the results' unit (us per object). */
    double difference() {
        return slow.score() - fast.score();
    }

    boolean hasInterval() {
        return Double.isFinite(low) && Double.isFinite(high);
    }

    /** "12.3% (95% interval 10.1% to 14.4%)", or without an interval "12.3% (no interval)". */
    String words() {
        String p = pct(share);
        return hasInterval() ? p + " (95% interval " + pct(low) + " to " + pct(high) + ")" : p + " (no interval)";
    }

    /** Whether the interval excludes no difference. */
    boolean significant() {
        return hasInterval() && (low > 0 || high < 0);
    }

    static String pct(double f) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * f);
    }
}
