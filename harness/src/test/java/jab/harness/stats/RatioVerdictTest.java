package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RatioVerdictTest {
    private static final double BAND = 0.03;

    private static PairedRatio r(double lo, double hi) {
        return new PairedRatio(Math.sqrt(lo * hi), lo, hi, 5, 300, true);
    }

    @Test
    void aTimeRatioWhollyAboveTheBandIsSlowerAndWhollyBelowFaster() {
        assertThat(RatioVerdict.of(r(1.08, 1.12), BAND, false)).isEqualTo(RatioVerdict.SLOWER);
        assertThat(RatioVerdict.of(r(0.80, 0.90), BAND, false)).isEqualTo(RatioVerdict.FASTER);
    }

    @Test
    void forThroughputAHigherScoreIsFaster() {
        assertThat(RatioVerdict.of(r(1.08, 1.12), BAND, true)).isEqualTo(RatioVerdict.FASTER);
        assertThat(RatioVerdict.of(r(0.80, 0.90), BAND, true)).isEqualTo(RatioVerdict.SLOWER);
    }

    @Test
    void anIntervalWithinTheBandIsTheSameAndOneAcrossItsEdgeUndecided() {
        assertThat(RatioVerdict.of(r(0.99, 1.02), BAND, false)).isEqualTo(RatioVerdict.SAME);
        assertThat(RatioVerdict.of(r(1.01, 1.05), BAND, false)).isEqualTo(RatioVerdict.UNDECIDED);
        assertThat(RatioVerdict.of(r(0.90, 1.10), BAND, false)).isEqualTo(RatioVerdict.UNDECIDED);
    }

    @Test
    void oneForkDecidesNothing() {
        PairedRatio oneFork = new PairedRatio(2.0, 1.9, 2.1, 1, 60, false);
        assertThat(RatioVerdict.of(oneFork, BAND, false)).isEqualTo(RatioVerdict.UNDECIDED);
    }
}
