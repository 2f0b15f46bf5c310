package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SoloRatioTest {
    private static final double[] A = {110, 108, 112, 110};
    private static final double[] B = {100, 98, 102, 100};
    private static final double[] LOG_RATIOS = {Math.log(1.10), Math.log(1.099), Math.log(1.101), Math.log(1.105)};

    @Test
    void aMachineThatSpedUpForBothSoloForksCancelsInTheRatio() {
        // both solo forks 30% faster than interleaved: far outside each score's spread, same ratio
        SoloRatio r = SoloRatio.of(new double[] {110 / 1.3}, new double[] {100 / 1.3}, A, B, LOG_RATIOS);
        assertThat(r.solo()).isCloseTo(1.10, within(1e-9));
        assertThat(r.agrees()).isTrue();
    }

    @Test
    void aRatioOutsideThePredictionIntervalDisagrees() {
        SoloRatio r = SoloRatio.of(new double[] {150}, new double[] {100}, A, B, LOG_RATIOS);
        assertThat(r.allowed()).isGreaterThan(0.02).isLessThan(0.2);
        assertThat(r.apart()).isCloseTo(1.5 / r.interleaved(), within(1e-12));
        assertThat(r.agrees()).isFalse();
        SoloRatio below = SoloRatio.of(new double[] {100}, new double[] {150}, A, B, LOG_RATIOS);
        assertThat(below.apart()).isCloseTo(r.interleaved() / (100.0 / 150), within(1e-12)); // a factor either way round
    }

    @Test
    void theAllowanceGrowsWithTheSlicesSpreadAndIsNaNWithOneFork() {
        SoloRatio tight = SoloRatio.of(new double[] {110}, new double[] {100}, new double[] {100, 101, 99}, new double[] {90, 91, 89},
                new double[] {0.1, 0.1, 0.1});
        SoloRatio loose = SoloRatio.of(new double[] {110}, new double[] {100}, new double[] {100, 130, 80}, new double[] {90, 120, 70},
                new double[] {0.1, 0.1, 0.1});
        assertThat(loose.allowed()).isGreaterThan(tight.allowed());
        SoloRatio one = SoloRatio.of(new double[] {110}, new double[] {100}, new double[] {100}, new double[] {90}, new double[] {0.1});
        assertThat(one.allowed()).isNaN();
        assertThat(one.agrees()).isTrue();
    }

    @Test
    void aMachineOfTwoSpeedsWidensWhatOneSoloForkCanTell() {
        // slices at either of two speeds 1.4x apart (this VM): a solo fork lands in one of them, so a solo
        // ratio 1.2x off the interleaved one is within what one solo fork per variant can tell
        double[] a = new double[40];
        double[] b = new double[40];
        for (int i = 0; i < a.length; i++) {
            double speed = (i / 5) % 2 == 0 ? 1.0 : 1.4;
            a[i] = 1.21 * speed;
            b[i] = 1.00 * speed;
        }
        double[] logRatios = {Math.log(1.20), Math.log(1.22), Math.log(1.21), Math.log(1.21)};
        SoloRatio r = SoloRatio.of(new double[] {1.00}, new double[] {1.00}, a, b, logRatios);
        assertThat(r.apart()).isCloseTo(1.21, within(0.01));
        assertThat(r.allowed()).isGreaterThan(0.21);
        assertThat(r.agrees()).isTrue();
    }
}
