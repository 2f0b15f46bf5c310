package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

class PairedRatioTest {

    /** Fork log-ratios whose means are log(1.08), log(1.10), log(1.12): Student's t with 2 degrees of freedom. */
    @Test
    void theRatioIsTheMeanOfTheForksMeanLogRatiosWithStudentsTOverForks() {
        double[] f1 = {Math.log(1.07), Math.log(1.09)};
        double[] f2 = {Math.log(1.10), Math.log(1.10)};
        double[] f3 = {Math.log(1.11), Math.log(1.13)};
        PairedRatio r = PairedRatio.of(List.of(f1, f2, f3));
        double[] means = {Stats.mean(f1), Stats.mean(f2), Stats.mean(f3)};
        double m = Stats.mean(means);
        double hw = 4.302652729911275 * Stats.stdev(means) / Math.sqrt(3);
        assertThat(r.ratio()).isCloseTo(Math.exp(m), within(1e-12));
        assertThat(r.low()).isCloseTo(Math.exp(m - hw), within(1e-9));
        assertThat(r.high()).isCloseTo(Math.exp(m + hw), within(1e-9));
        assertThat(r.forks()).isEqualTo(3);
        assertThat(r.rounds()).isEqualTo(6);
        assertThat(r.overForks()).isTrue();
        assertThat(r.relativeHalfWidth()).isCloseTo(Math.exp(hw) - 1, within(1e-9));
    }

    @Test
    void oneForkGivesAnIntervalOverItsRoundsAndSaysSo() {
        PairedRatio r = PairedRatio.of(List.of(new double[] {0.1, 0.2, 0.3}));
        assertThat(r.overForks()).isFalse();
        assertThat(r.ratio()).isCloseTo(Math.exp(0.2), within(1e-12));
        assertThat(r.hasInterval()).isTrue();
        assertThat(r.forksToDecide(0.03, 0.01, 10)).isEqualTo(1); // no spread over forks to plan with
    }

    @Test
    void forksWithoutPairedRoundsAreLeftOut() {
        PairedRatio none = PairedRatio.of(List.of(new double[0]));
        assertThat(none.forks()).isZero();
        assertThat(none.hasInterval()).isFalse();
        assertThat(PairedRatio.of(List.of(new double[0], new double[] {0.5})).forks()).isEqualTo(1);
    }

    @Test
    void aSequentialDesignLooksNoFurtherThanItsForkLimit() {
        // a closed comparison measured again with an open one's variants: its 4th and 5th forks (the
        // first without paired rounds is not counted) are a look the alpha spending never paid for
        SequentialDesign design = SequentialDesign.of(2, 3, true);
        List<double[]> forks = List.of(new double[] {0.10, 0.12}, new double[0], new double[] {0.14, 0.16},
                new double[] {0.11, 0.13}, new double[] {0.90, 0.95}, new double[] {0.80, 0.85});
        PairedRatio r = PairedRatio.of(forks, design);
        assertThat(r.forks()).isEqualTo(3);
        assertThat(r.rounds()).isEqualTo(6);
        assertThat(r).isEqualTo(PairedRatio.of(forks.subList(0, 4), design));
        assertThat(PairedRatio.of(forks, SequentialDesign.FIXED).forks()).isEqualTo(5);
    }

    @Test
    void theInverseTurnsTheIntervalAround() {
        PairedRatio r = new PairedRatio(2.0, 1.6, 2.5, 4, 80, true);
        PairedRatio inv = r.inverse();
        assertThat(inv.ratio()).isEqualTo(0.5);
        assertThat(inv.low()).isEqualTo(0.4);
        assertThat(inv.high()).isEqualTo(0.625);
    }

    @Test
    void forksToDecideAsksForFewForksFarFromTheBandsEdgeAndManyNearIt() {
        // fork log-ratios around log(1.20): far beyond a 3% band, decided by a few forks
        PairedRatio far = PairedRatio.of(List.of(new double[] {Math.log(1.18)}, new double[] {Math.log(1.20)}, new double[] {Math.log(1.22)}));
        assertThat(RatioVerdict.of(far, 0.03, false)).isEqualTo(RatioVerdict.SLOWER);
        assertThat(far.forksToDecide(0.03, 0.0, 100)).isEqualTo(3);
        // the same spread around log(1.03), on the band's edge: only a width of 2% answers it
        PairedRatio edge = PairedRatio.of(List.of(new double[] {Math.log(1.01)}, new double[] {Math.log(1.03)}, new double[] {Math.log(1.05)}));
        int withGoal = edge.forksToDecide(0.03, 0.02, 100);
        assertThat(withGoal).isGreaterThan(3).isLessThan(100);
        double sd = Stats.stdev(new double[] {Math.log(1.01), Math.log(1.03), Math.log(1.05)});
        assertThat(ForkInterval.tQuantile(withGoal) * sd / Math.sqrt(withGoal)).isLessThanOrEqualTo(Math.log1p(0.02));
        assertThat(ForkInterval.tQuantile(withGoal - 1) * sd / Math.sqrt(withGoal - 1)).isGreaterThan(Math.log1p(0.02));
        assertThat(edge.forksToDecide(0.03, 0.0, 100)).isEqualTo(100); // exactly on the edge, no width answers it
    }
}
