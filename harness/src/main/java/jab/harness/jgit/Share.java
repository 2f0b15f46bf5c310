package jab.harness.jgit;

import java.util.Locale;

import jab.harness.results.BenchResult;
import jab.harness.stats.ForkInterval;
import jab.harness.results.RatioInterval;

/**
 * How much of a workload's time per object the choice of existence check is: the slower result's
 * time less the faster one's, as a share of the slower one's, {@code 1 - fast/slow}, with the 95%
 * interval of the ratio of their means over forks ({@link RatioInterval}: fork means when both have
 * two forks or more, else iterations, and then the interval is too narrow and says so).
 */
record Share(BenchResult slow, BenchResult fast, double share, double low, double high) {

    static Share of(BenchResult slow, BenchResult fast) {
        RatioInterval r = RatioInterval.of(slow, fast, ForkInterval.CONFIDENCE);
        return new Share(slow, fast, 1 - r.ratio(), 1 - r.high(), 1 - r.low());
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
        return hasInterval() ? p + " (95% interval " + pct(low) + " to " + pct(high) + ")" : p + " (no interval: 1 sample)";
    }

    /** Whether the interval excludes no difference. */
    boolean significant() {
        return hasInterval() && (low > 0 || high < 0);
    }

    static String pct(double f) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * f);
    }
}
