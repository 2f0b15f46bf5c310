package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The solo check on simulated questions (fixed seeds): per round, each variant's solo fork's mean log
 * score is its true log cost plus the machine's speed that round (shared by the round's forks, so it
 * cancels) plus the fork's own noise; each interleaved fork's log-ratio is the true one plus its noise.
 */
class SoloCheckTest {
    private static final double PLANTED = Math.log(1.21);

    @Test
    void aPlanted121xDisagreementIsFoundWithThreeRoundsOfLowNoise() {
        List<SoloCheck> checks = question(new Random(1), 4, 3, 5, 0.02, 0.01, PLANTED);
        assertThat(checks.get(0).agrees()).as("the planted variant").isFalse();
        assertThat(checks.get(0).timesAllowed()).isGreaterThan(2);
        // and it is no lucky draw: 200 questions, every one finds it, and the variants without it disagree
        // as often as a 95% interval lets them (5% each)
        Random rnd = new Random(2);
        int others = 0;
        int alarms = 0;
        for (int i = 0; i < 200; i++) {
            List<SoloCheck> q = question(rnd, 4, 3, 5, 0.02, 0.01, PLANTED);
            assertThat(q.get(0).agrees()).isFalse();
            for (SoloCheck c : q.subList(1, q.size())) {
                others++;
                alarms += c.agrees() ? 0 : 1;
            }
        }
        assertThat((double) alarms / others).isLessThan(0.10);
    }

    @Test
    void roundsRunOnlyWhereTheirSpreadHasThreeDegreesOfFreedom() {
        // default profile, two rounds: an 8-variant fs question (7 df) and 4 JRuby strategies (3 df) get them
        assertThat(SoloCheck.roundsWorthRunning(8, 2)).isEqualTo(2);
        assertThat(SoloCheck.roundsWorthRunning(4, 2)).isEqualTo(2);
        // two or three variants: 1 or 2 df, one round and no check
        assertThat(SoloCheck.roundsWorthRunning(3, 2)).isEqualTo(1);
        assertThat(SoloCheck.roundsWorthRunning(2, 2)).isEqualTo(1);
        // thorough's four rounds check even a pair (3 df); smoke's one round checks nothing
        assertThat(SoloCheck.roundsWorthRunning(2, 4)).isEqualTo(4);
        assertThat(SoloCheck.roundsWorthRunning(8, 1)).isEqualTo(1);
    }

    @Test
    void aaDataAgreesAndFalseAlarmsStayNearFivePercent() {
        assertThat(question(new Random(3), 8, 3, 4, 0.03, 0.01, 0)).allSatisfy(c -> assertThat(c.agrees()).isTrue());
        Random rnd = new Random(4);
        int checked = 0;
        int alarms = 0;
        for (int i = 0; i < 1000; i++) {
            for (SoloCheck c : question(rnd, 4, 3, 4, 0.03, 0.01, 0)) {
                checked++;
                alarms += c.agrees() ? 0 : 1;
            }
        }
        assertThat((double) alarms / checked).isBetween(0.03, 0.07);
    }

    @Test
    void twoVariantsInTwoRoundsHoldTheirFivePercentToo() {
        // one degree of freedom: Welch's count alone let 8-10% of A/A questions disagree
        Random rnd = new Random(8);
        int alarms = 0;
        for (int i = 0; i < 2000; i++) {
            alarms += question(rnd, 2, 2, 4, 0.03, 0.01, 0).get(0).agrees() ? 0 : 1;
        }
        assertThat(alarms / 2000.0).isLessThan(0.05);
    }

    @Test
    void aDifferenceAsLargeAsThePowerFigureIsFoundFourTimesInFive() {
        Random rnd = new Random(5);
        double detectable = 0;
        for (int i = 0; i < 500; i++) {
            detectable += question(rnd, 4, 3, 4, 0.03, 0.01, 0).get(0).detectable() / 500;
        }
        int found = 0;
        for (int i = 0; i < 1000; i++) {
            found += question(rnd, 4, 3, 4, 0.03, 0.01, detectable).get(0).agrees() ? 0 : 1;
        }
        assertThat(found / 1000.0).isBetween(0.72, 0.88);
    }

    @Test
    void thePowerFigureShrinksWithMoreRounds() {
        SoloCheck.Pooled pooled = new SoloCheck.Pooled(0.03 * 0.03, 6);
        double[] forks = {0.10, 0.11, 0.09, 0.10};
        double two = SoloCheck.of(new double[] {0.1, 0.1}, pooled, forks).detectable();
        double three = SoloCheck.of(new double[] {0.1, 0.1, 0.1}, pooled, forks).detectable();
        double five = SoloCheck.of(new double[] {0.1, 0.1, 0.1, 0.1, 0.1}, pooled, forks).detectable();
        assertThat(two).isGreaterThan(three);
        assertThat(three).isGreaterThan(five);
        // and on simulated questions, where more rounds also pool more degrees of freedom
        double[] mean = new double[6];
        for (int rounds : new int[] {2, 3, 5}) {
            Random rnd = new Random(6);
            for (int i = 0; i < 200; i++) {
                mean[rounds] += question(rnd, 3, rounds, 4, 0.03, 0.01, 0).get(0).detectable() / 200;
            }
        }
        assertThat(mean[2]).isGreaterThan(mean[3]);
        assertThat(mean[3]).isGreaterThan(mean[5]);
    }

    @Test
    void oneRoundOrOneInterleavedForkChecksNothing() {
        SoloCheck oneRound = SoloCheck.of(new double[] {0.5}, SoloCheck.Pooled.of(new double[][] {{0}, {0.5}, {0.1}}),
                new double[] {0.1, 0.1, 0.1});
        assertThat(oneRound.checked()).isFalse();
        assertThat(oneRound.agrees()).isTrue();
        SoloCheck oneFork = SoloCheck.of(new double[] {0.5, 0.5}, new SoloCheck.Pooled(0.001, 3), new double[] {0.1});
        assertThat(oneFork.checked()).isFalse();
        assertThat(oneFork.difference()).isCloseTo(0.4, org.assertj.core.api.Assertions.within(1e-12));
    }

    @Test
    void theVarianceIsTheResidualsOfVariantsAndRoundsAsBlocks() {
        // a round 1.0 faster for every variant is the machine, not noise: no variance at all
        assertThat(SoloCheck.Pooled.of(new double[][] {{0, 1, 0}, {2, 3, 2}}).variance()).isCloseTo(0, org.assertj.core.api.Assertions.within(1e-12));
        // one variant 0.5 further off the reference in round 2: residuals of +-0.125; 4 x 0.015625 over (2 - 1)(2 - 1),
        // half the variance of its two log-ratios to the reference (1 and 1.5), each a difference of two forks
        SoloCheck.Pooled p = SoloCheck.Pooled.of(new double[][] {{0, 0}, {1, 1.5}});
        assertThat(p.degreesOfFreedom()).isEqualTo(1);
        assertThat(p.variance()).isCloseTo(0.0625, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(SoloCheck.Pooled.of(new double[][] {{0}, {1}}).degreesOfFreedom()).as("one round").isZero();
    }

    /**
     * The checks of one simulated question's variants against the reference (variant 0), variant 1's
     * solo cost {@code planted} (log) above its interleaved one.
     */
    private static List<SoloCheck> question(Random rnd, int variants, int rounds, int forks, double soloNoise, double forkNoise,
                                            double planted) {
        double[][] logMeans = new double[variants][rounds];
        for (int r = 0; r < rounds; r++) {
            double machine = 0.2 * rnd.nextGaussian();
            for (int v = 0; v < variants; v++) {
                double truth = 0.1 * v + (v == 1 ? planted : 0);
                logMeans[v][r] = truth + machine + soloNoise * rnd.nextGaussian();
            }
        }
        SoloCheck.Pooled pooled = SoloCheck.Pooled.of(logMeans);
        List<SoloCheck> out = new ArrayList<>();
        for (int v = 1; v < variants; v++) {
            double[] d = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                d[r] = logMeans[v][r] - logMeans[0][r];
            }
            double[] interleaved = new double[forks];
            for (int f = 0; f < forks; f++) {
                interleaved[f] = 0.1 * v + forkNoise * rnd.nextGaussian();
            }
            out.add(SoloCheck.of(d, pooled, interleaved));
        }
        return out;
    }
}
