package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The stop rule: which ratios get a fork, and the refinement's worth of one. */
class StopRuleTest {
    private static final double BAND = 0.03;
    private static final StopRule RULE = new StopRule(BAND, BAND, 0.02, 10);

    /** Three forks with fork log-ratios {@code m - d, m, m + d}, a single look's interval. */
    private static PairedRatio threeForks(double ratio, double spread) {
        double m = Math.log(ratio);
        return PairedRatio.of(List.of(new double[] {m - spread}, new double[] {m}, new double[] {m + spread}));
    }

    @Test
    void anUndecidedWideRatioIsOpenUntilTheForkLimit() {
        PairedRatio edge = threeForks(1.03, 0.05);
        assertThat(RULE.undecided(edge)).isTrue();
        PairedRatio atLimit = new PairedRatio(edge.ratio(), edge.low(), edge.high(), 10, 300, true);
        assertThat(RULE.undecided(atLimit)).isFalse();
    }

    @Test
    void aDecidedRatioIsOpenOnlyToTheNarrowingPass() {
        PairedRatio far = threeForks(2.0, 0.02);
        assertThat(RatioVerdict.of(far, BAND, false)).isEqualTo(RatioVerdict.SLOWER);
        assertThat(RULE.undecided(far)).isFalse();
        assertThat(RULE.open(far, true)).as("±%.1f%% is wider than the 2%% goal", 100 * far.relativeHalfWidth()).isTrue();
        assertThat(new StopRule(BAND, BAND, 0, 10).narrowable(far)).as("no goal, no narrowing").isFalse();
    }

    @Test
    void anUndecidedRatioNarrowedToTheAnsweredWidthIsClosed() {
        double m = Math.log(1.03);
        PairedRatio narrow = PairedRatio.of(List.of(new double[] {m - 0.002}, new double[] {m}, new double[] {m + 0.002}));
        assertThat(RatioVerdict.of(narrow, BAND, false)).isEqualTo(RatioVerdict.UNDECIDED);
        assertThat(RULE.undecided(narrow)).isFalse();
    }

    @Test
    void aRatioOneForkFromItsVerdictOutweighsOneOnTheBandsEdge() {
        PairedRatio near = threeForks(1.10, 0.04);   // 1.10x, its interval reaching into the band: a fourth fork decides it
        PairedRatio edge = threeForks(1.03, 0.05);   // centred on the band's edge, wide
        assertThat(near.low()).isLessThan(1 + BAND);
        double nearWorth = RULE.verdictsExpected(List.of(near), SequentialDesign.FIXED);
        double edgeWorth = RULE.verdictsExpected(List.of(edge), SequentialDesign.FIXED);
        assertThat(nearWorth).isEqualTo(1.0);
        assertThat(edgeWorth).isLessThanOrEqualTo(1.0 / 7);
        assertThat(RULE.verdictsExpected(List.of(near, edge), SequentialDesign.FIXED)).isEqualTo(nearWorth + edgeWorth);
        assertThat(RULE.verdictsExpected(List.of(), SequentialDesign.FIXED)).isZero();
    }

    @Test
    void aRatioNoForkWithinTheLimitWouldDecideWeighsByTheForksItNeeds() {
        PairedRatio edge = threeForks(1.03, 0.05);
        int needs = edge.forksToDecide(BAND, BAND, PairedRatio.FORKS_COUNTED);
        assertThat(needs).isGreaterThan(10); // beyond a default run's fork limit
        // counted to the limit of 10 it would weigh 1/7, as much as a ratio seven forks from its verdict
        assertThat(RULE.verdictsExpected(List.of(edge), SequentialDesign.FIXED)).isEqualTo(1.0 / (needs - 3)).isLessThan(1.0 / 7);
    }
}
