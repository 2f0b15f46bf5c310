package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Repeated confidence intervals: wider than a single look's, and covering at every look at once. */
class SequentialDesignTest {
    private static final SequentialDesign EARLY = SequentialDesign.of(3, 10, true);
    private static final SequentialDesign ALL = SequentialDesign.of(3, 10, false);

    @Test
    void aSingleLookIsStudentsT() {
        assertThat(SequentialDesign.of(3, 3, true).sequential()).isFalse();
        assertThat(SequentialDesign.of(3, 3, true).quantile(3)).isCloseTo(4.303, within(1e-3));
        assertThat(SequentialDesign.FIXED.quantile(5)).isCloseTo(2.776, within(1e-3));
    }

    @Test
    void comparisonsJsonHoldsEachLooksQuantileSoAReaderCanRecomputeTheIntervals() throws Exception {
        assertThat(EARLY.quantiles()).hasSize(8);
        for (int n = 3; n <= 10; n++) {
            assertThat(EARLY.quantiles().get(n - 3)).isEqualTo(EARLY.quantile(n));
        }
        assertThat(EARLY.quantiles().get(0)).isCloseTo(5.92, within(0.02));
        assertThat(SequentialDesign.of(3, 3, true).quantiles()).containsExactly(SequentialDesign.of(3, 3, true).quantile(3));
        assertThat(SequentialDesign.FIXED.quantiles()).isEmpty();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        String written = json.writeValueAsString(EARLY);
        assertThat(json.readTree(written).path("quantiles").size()).isEqualTo(8);
        assertThat(json.readValue(written, SequentialDesign.class)).isEqualTo(EARLY);
    }

    @Test
    void everyLookIsWiderThanASingleLookButNotBonferroniWide() {
        for (int n = 3; n <= 10; n++) {
            double t = ForkInterval.tQuantile(n);
            double bonferroni = org.apache.commons.statistics.distribution.TDistribution.of(n - 1)
                    .inverseSurvivalProbability(0.025 / 8);
            for (SequentialDesign d : List.of(EARLY, ALL)) {
                assertThat(d.quantile(n)).as("rho %s, look at %d forks", d.rho(), n).isGreaterThan(t).isLessThan(bonferroni);
            }
        }
    }

    @Test
    void aRunWhoseLooksEndEarlySpendsItsErrorThere() {
        // the budget ends a default run's looks at 3-6 forks: spent sooner, the first looks narrow and the
        // looks a budget seldom reaches widen
        assertThat(EARLY.quantile(3)).isLessThan(ALL.quantile(3) * 0.8);
        assertThat(EARLY.quantile(4)).isLessThan(ALL.quantile(4));
        for (int n = 6; n <= 10; n++) {
            assertThat(EARLY.quantile(n)).as("look at %d forks", n).isGreaterThan(ALL.quantile(n));
        }
    }

    @Test
    void theIntervalsCoverTheTruthAtEveryLookAtOnce() {
        coversAtEveryLook(SequentialDesign.EARLY_LOOKS_RHO);
        coversAtEveryLook(SequentialDesign.ALL_LOOKS_RHO);
    }

    private static void coversAtEveryLook(double rho) {
        // normal fork means, no within-fork floor: the chance that ANY of the looks at 3..10 forks misses
        // the truth is what the design bounds; a single look's t interval at each would miss far more often
        SplittableRandom random = new SplittableRandom(20261129);
        int runs = 20000;
        int missedSequential = 0;
        int missedFixed = 0;
        SequentialDesign noFloor = new SequentialDesign(3, 10, rho, false);
        for (int i = 0; i < runs; i++) {
            List<double[]> forks = new ArrayList<>();
            boolean missS = false;
            boolean missF = false;
            for (int n = 1; n <= 10; n++) {
                forks.add(new double[] {gaussian(random)});
                if (n >= 3) {
                    missS |= misses(PairedRatio.of(forks, noFloor));
                    missF |= misses(PairedRatio.of(forks, SequentialDesign.FIXED));
                }
            }
            missedSequential += missS ? 1 : 0;
            missedFixed += missF ? 1 : 0;
        }
        assertThat(missedSequential / (double) runs).as("rho %s", rho).isLessThan(0.055);
        assertThat(missedFixed / (double) runs).isGreaterThan(0.10);
    }

    private static boolean misses(PairedRatio r) {
        return r.low() > 1 || r.high() < 1;
    }

    private static double gaussian(SplittableRandom random) {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }
}
