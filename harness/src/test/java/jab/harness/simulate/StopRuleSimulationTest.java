package jab.harness.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import jab.harness.results.Comparisons;
import jab.harness.results.TwoVariants;
import jab.harness.stats.RatioVerdict;
import jab.harness.stats.SequentialDesign;
import jab.harness.stats.StopRule;

/** The stop rule simulated: jab's intervals keep each wrong verdict within 2.5%, a single look's at every fork do not. */
class StopRuleSimulationTest {
    private static final double BAND = 0.03;
    private static final StopRule RULE = new StopRule(BAND, BAND, 0.02, 10);
    private static final int RUNS = 1500;

    @Test
    void onTheDefaultNoiseJabsIntervalsErrAtMostTwoAndAHalfPercentPerSide() {
        errsAtMostTwoAndAHalfPercentPerSide(SequentialDesign.of(3, 10, true));
        errsAtMostTwoAndAHalfPercentPerSide(SequentialDesign.of(3, 10, false));
    }

    @Test
    void aSingleLookAfterEveryPlannedForkErrsAtMostTwoAndAHalfPercentPerSide() {
        errsAtMostTwoAndAHalfPercentPerSide(SequentialDesign.oneLookAt(10));
        // a default run's, whose clock holds its first forks: 3 (5 in fs's questions of 8 variants)
        errsAtMostTwoAndAHalfPercentPerSide(SequentialDesign.oneLookAt(3));
        errsAtMostTwoAndAHalfPercentPerSide(SequentialDesign.oneLookAt(5));
        StopRuleSimulation sim = new StopRuleSimulation(List.of(new DefaultNoise()), RULE, 3);
        // every comparison gets its ten forks, however early a verdict shows
        assertThat(sim.rows(SequentialDesign.oneLookAt(10), 200, 2)).allSatisfy(r -> assertThat(r.forks()).isEqualTo(10.0));
    }

    private static void errsAtMostTwoAndAHalfPercentPerSide(SequentialDesign design) {
        StopRuleSimulation sim = new StopRuleSimulation(List.of(new DefaultNoise()), RULE, 3);
        List<StopRuleSimulation.Row> rows = sim.rows(design, RUNS, 1);
        double slack = 3 * Math.sqrt(0.025 * 0.975 / RUNS);
        for (StopRuleSimulation.Row r : rows) {
            assertThat(share(r, RatioVerdict.FASTER)).as("faster at %s", r.trueRatio()).isLessThanOrEqualTo(0.025 + slack);
            if (r.trueRatio() == 1.0) {
                assertThat(share(r, RatioVerdict.SLOWER)).as("slower at 1").isLessThanOrEqualTo(0.025 + slack);
            } else {
                assertThat(share(r, RatioVerdict.SAME)).as("the same at %s", r.trueRatio()).isLessThanOrEqualTo(0.025 + slack);
            }
            if (r.trueRatio() == 1 + BAND) {
                assertThat(share(r, RatioVerdict.SLOWER)).as("slower at the edge").isLessThanOrEqualTo(0.025 + slack);
            }
            assertThat(r.coverage()).as("coverage at %s", r.trueRatio()).isGreaterThanOrEqualTo(0.95 - 3 * Math.sqrt(0.05 * 0.95 / RUNS));
        }
        assertThat(rows.get(3).verdicts().get(RatioVerdict.SLOWER.words)).as("1.10 found slower").isGreaterThan(RUNS * 9 / 10);
    }

    @Test
    void aSingleLooksIntervalAtEveryForkErrsBeyondItAtTheBandsEdge() {
        StopRuleSimulation sim = new StopRuleSimulation(List.of(new DefaultNoise()), RULE, 3);
        StopRuleSimulation.Row edge = sim.rows(SequentialDesign.FIXED, RUNS, 1).get(1);
        assertThat(edge.trueRatio()).isCloseTo(1 + BAND, within(1e-12));
        assertThat(share(edge, RatioVerdict.SLOWER) + share(edge, RatioVerdict.SAME)).isGreaterThan(0.05);
    }

    @Test
    void recordedNoiseReplaysTheRoundsAboutTheirForkMeansAndTheForksSpreadBeyondThem() {
        SplittableRandom random = new SplittableRandom(3);
        double[][] forks = new double[4][];
        for (int f = 0; f < forks.length; f++) {
            double offset = 0.05 * (f - 1.5); // fork means 0.925 .. 1.075 of 1: a spread far beyond the rounds'
            forks[f] = new double[60];
            for (int i = 0; i < 60; i++) {
                forks[f][i] = Math.exp(offset + 0.01 * random.nextGaussian());
            }
        }
        Comparisons.Asked q = TwoVariants.question("which", forks);
        RecordedNoise noise = RecordedNoise.of(q, "B", "A").orElseThrow();
        assertThat(noise.forkSpread()).isCloseTo(0.0645, within(0.01)); // the sd of -0.075, -0.025, 0.025, 0.075
        assertThat(noise.firstRounds()).isEqualTo(30);
        double[] fork = noise.fork(random, 200);
        assertThat(fork).hasSize(200);
        assertThat(RecordedNoise.of(TwoVariants.question("one fork", forks[0]), "B", "A")).isEmpty();
    }

    private static double share(StopRuleSimulation.Row r, RatioVerdict v) {
        Map<String, Integer> vs = r.verdicts();
        return vs.getOrDefault(v.words, 0) / (double) r.runs();
    }
}
