package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

import jab.harness.stats.StatTest;

/** The target verdicts summaries state (writer vs C, jab vs Redis), on synthetic samples with a known truth. */
class TargetCheckTest {

    private static double[] samples(double mean, long seed) {
        return Synthetic.result("ss", "ms/op", mean, seed, 0.02, 1, 10).allSamples();
    }

    @Test
    void aTimeTenPercentLowerIsFasterAndTheSpeedupIsTheInverseRatio() {
        TargetCheck t = TargetCheck.of(samples(100, 1), samples(90, 2), false, StatTest.MANN_WHITNEY);
        assertThat(t.verdict()).isEqualTo(SignificanceVerdict.FASTER);
        assertThat(t.speedup().ratio()).isCloseTo(100.0 / 90, within(0.03));
        assertThat(t.speedup().low()).isLessThan(t.speedup().ratio());
        assertThat(t.speedup().high()).isGreaterThan(t.speedup().ratio());
        assertThat(t.verdictWords()).startsWith("faster").contains("Mann-Whitney U test");
    }

    @Test
    void aThroughputFivePercentLowerIsSlowerEvenBelowCompareThreshold() {
        TargetCheck t = TargetCheck.of(samples(1000, 3), samples(950, 4), true, StatTest.WELCH);
        assertThat(t.verdict()).isEqualTo(SignificanceVerdict.SLOWER);
        assertThat(t.speedup().ratio()).isCloseTo(0.95, within(0.02));
        assertThat(t.ratioWords()).contains("95% CI");
    }

    @Test
    void samplesOfOneDistributionAreAsFast() {
        TargetCheck t = TargetCheck.of(samples(100, 5), samples(100, 6), false, StatTest.WELCH);
        assertThat(t.verdict()).isEqualTo(SignificanceVerdict.NO_CHANGE);
        assertThat(t.speedup().low()).isLessThan(1.0);
        assertThat(t.speedup().high()).isGreaterThan(1.0);
        assertThat(t.verdictWords()).startsWith("as fast (no significant difference; Welch's t-test p=");
    }

    @Test
    void oneSampleASideIsNotTestedAndSaysSo() {
        TargetCheck t = TargetCheck.of(new double[] {100}, new double[] {90}, false, StatTest.WELCH);
        assertThat(t.verdict()).isEqualTo(SignificanceVerdict.NOT_TESTED);
        assertThat(t.ratioWords()).isEqualTo("1.11x");
        assertThat(t.verdictWords()).isEqualTo("at least as fast (one sample: not tested)");
    }
}
