package jab.harness.stats;

/**
 * What a ratio of two variants says, with an equivalence band (two one-sided tests, Lakens 2017): A is
 * faster or slower than B when the ratio's whole 95% interval lies beyond the band, the same when the
 * whole interval lies within it, and undecided when the interval crosses an edge of the band (more forks
 * could still move it either way) or varies over one fork's rounds only.
 */
public enum RatioVerdict {
    FASTER("faster"), SLOWER("slower"), SAME("the same"), UNDECIDED("undecided");

    /** The default equivalence band: ratios within ±3% count as the same. */
    public static final double DEFAULT_BAND = 0.03;

    public final String words;

    RatioVerdict(String words) {
        this.words = words;
    }

    /**
     * The verdict on A against B, {@code r} being score A / score B; {@code higherIsBetter} for
     * throughput-like units (ops per time), where a larger score is faster.
     */
    public static RatioVerdict of(PairedRatio r, double band, boolean higherIsBetter) {
        if (!r.overForks() || !r.hasInterval()) {
            return UNDECIDED;
        }
        return of(r.low(), r.high(), band, higherIsBetter);
    }

    /**
     * The verdict on A against B from the 95% interval [{@code low}, {@code high}] of score A / score B,
     * however it was drawn (over forks, over the rounds of a side by side); undecided without one (NaN).
     */
    public static RatioVerdict of(double low, double high, double band, boolean higherIsBetter) {
        if (Double.isNaN(low) || Double.isNaN(high)) {
            return UNDECIDED;
        }
        if (beyond(low, high, band)) {
            boolean aScoresHigher = low > 1 + band;
            return aScoresHigher == higherIsBetter ? FASTER : SLOWER;
        }
        return within(low, high, band) ? SAME : UNDECIDED;
    }

    /** Whether an interval of a ratio lies wholly beyond the band, either side. */
    public static boolean beyond(double low, double high, double band) {
        return low > 1 + band || high < 1 / (1 + band);
    }

    /** Whether an interval of a ratio lies wholly within the band. */
    public static boolean within(double low, double high, double band) {
        return low >= 1 / (1 + band) && high <= 1 + band;
    }
}
