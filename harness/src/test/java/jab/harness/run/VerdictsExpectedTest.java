package jab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import jab.harness.stats.PairedRatio;

/** The refinement's worth of a fork: verdicts within reach count, a ratio on the band's edge hardly does. */
class VerdictsExpectedTest {
    private static final double BAND = 0.03;

    /** Three forks with fork log-ratios {@code m - d, m, m + d}. */
    private static PairedRatio threeForks(double ratio, double spread) {
        double m = Math.log(ratio);
        return PairedRatio.of(List.of(new double[] {m - spread}, new double[] {m}, new double[] {m + spread}));
    }

    @Test
    void aRatioOneForkFromItsVerdictOutweighsOneOnTheBandsEdge() {
        PairedRatio near = threeForks(1.10, 0.04);   // 1.10x, its interval reaching into the band: a fourth fork decides it
        PairedRatio edge = threeForks(1.03, 0.05);   // centred on the band's edge, wide
        assertThat(near.hasInterval()).isTrue();
        assertThat(near.low()).isLessThan(1 + BAND);
        double nearWorth = QuestionForks.verdictsExpected(List.of(near), BAND, BAND);
        double edgeWorth = QuestionForks.verdictsExpected(List.of(edge), BAND, BAND);
        assertThat(nearWorth).isEqualTo(1.0);
        assertThat(edgeWorth).isLessThanOrEqualTo(1.0 / 7);
        assertThat(QuestionForks.verdictsExpected(List.of(near, edge), BAND, BAND)).isEqualTo(nearWorth + edgeWorth);
    }

    @Test
    void aRatioNoForkWithinTheLimitWouldDecideWeighsByTheForksItNeeds() {
        PairedRatio edge = threeForks(1.03, 0.05);
        int needs = edge.forksToDecide(BAND, BAND, PairedRatio.FORKS_COUNTED);
        assertThat(needs).isGreaterThan(10); // beyond a default run's fork limit
        assertThat(QuestionForks.verdictsExpected(List.of(edge), BAND, BAND)).isEqualTo(1.0 / (needs - 3));
        // counted to the limit of 10 it would weigh 1/7, as much as a ratio seven forks from its verdict
        assertThat(QuestionForks.verdictsExpected(List.of(edge), BAND, BAND)).isLessThan(1.0 / 7);
    }

    @Test
    void noOpenRatioIsWorthNothing() {
        assertThat(QuestionForks.verdictsExpected(List.of(), BAND, BAND)).isZero();
    }
}
