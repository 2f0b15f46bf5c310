package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import jab.harness.results.Comparisons;
import jab.harness.results.TwoVariants;
import jab.harness.stats.RatioVerdict;

class CalibrationTest {

    /** A two-variant question (B against A, B's round ratios per fork) whose ratio was planted with {@code truth}; null: not planted. */
    private static Comparisons.Asked planted(Double truth, double[]... forks) {
        Comparisons.Asked q = TwoVariants.question("planted " + truth, forks);
        return q.replacingRatios(q.ratios().stream().map(r -> r.planted(truth)).toList());
    }

    private static double[] inverse(double... xs) {
        return java.util.Arrays.stream(xs).map(x -> 1 / x).toArray();
    }

    @Test
    void countsPerTrueRatioTheIntervalsThatCoverItAndTheWrongVerdicts() {
        Calibration c = Calibration.of(TwoVariants.doc(
                planted(1.0, new double[] {1.00, 1.01}, new double[] {0.995, 1.0}, new double[] {1.005, 1.0}),   // covers, the same
                planted(1.0, new double[] {1.10}, new double[] {1.11}, new double[] {1.12}),                     // slower: wrong
                planted(1.03, new double[] {1.02}, new double[] {1.03}, new double[] {1.04}),                    // on the edge: undecided
                planted(1.10, new double[] {1.10, 1.11}, new double[] {1.09, 1.10}, new double[] {1.10, 1.10}),  // slower: right
                // B is the cheaper here: read as A against B, its "faster" is A's "slower", the right direction
                planted(1 / 1.10, inverse(1.10, 1.11), inverse(1.09, 1.10), inverse(1.10, 1.10)),
                planted(1.10, new double[] {1.00}, new double[] {1.01}, new double[] {1.005}),                   // the same: wrong
                planted(null, new double[] {1.10}, new double[] {1.11}, new double[] {1.12}),                    // not planted
                planted(1.0, new double[] {1.0, 1.2})));                                                         // one fork
        assertThat(c.rows()).extracting(Calibration.Row::truth).containsExactly(1.0, 1.03, 1.1);
        Calibration.Row aa = c.rows().get(0);
        assertThat(aa.ratios()).isEqualTo(2);
        assertThat(aa.covered()).isEqualTo(1);
        assertThat(aa.count(RatioVerdict.SLOWER)).isEqualTo(1);
        assertThat(aa.count(RatioVerdict.SAME)).isEqualTo(1);
        Calibration.Row edge = c.rows().get(1);
        assertThat(edge.covered()).isEqualTo(1);
        assertThat(edge.count(RatioVerdict.UNDECIDED)).isEqualTo(1);
        assertThat(edge.wrong(0.03)).containsExactly(RatioVerdict.SAME, RatioVerdict.SLOWER, RatioVerdict.FASTER);
        Calibration.Row beyond = c.rows().get(2);
        assertThat(beyond.ratios()).isEqualTo(3);
        assertThat(beyond.covered()).isEqualTo(2);
        assertThat(beyond.count(RatioVerdict.SLOWER)).isEqualTo(2);
        assertThat(beyond.count(RatioVerdict.SAME)).isEqualTo(1);
        assertThat(beyond.count(RatioVerdict.FASTER)).isZero();
        assertThat(c.widths()).containsExactly(java.util.Map.entry(2, 6));

        String text = String.join("\n", c.lines());
        assertThat(text).contains("95% intervals that cover the true ratio: 4 of 6")
                .contains("in questions (6 of 2 variants; 3 forks each, one look after them)")
                .contains("true ratio 1.000 (A/A), 2 ratios: cover it 1 (50.0%, 1.3-98.7%); "
                        + "wrong verdicts 'faster' 0 (0.0%, 0.0-84.2%), 'slower' 1 (50.0%, 1.3-98.7%); the same 1, undecided 0.")
                .contains("true ratio 1.030 (on the band's edge), 1 ratios")
                .contains("true ratio 1.100 (beyond the band), 3 ratios").contains("wrong verdicts 'the same' 1 (33.3%");
    }

    @Test
    void aCalibrationWithoutPlantedRatiosSaysSo() {
        assertThat(Calibration.of(TwoVariants.doc(planted(null, new double[] {1.0}, new double[] {1.0}))).lines())
                .containsExactly("no planted ratio got two forks: nothing to calibrate");
    }

    @Test
    void saysWhetherTheCoverageIsEvidenceOfTooNarrowIntervals() {
        // sound 95% intervals cover the truth in 37 or fewer of 40 in about a third of calibrations, in 33 or fewer in 0.5%
        assertThat(withCoverage(40, 37).coverageSaysSo()).contains("in 32% of calibrations of 40").contains("no sign that they are too narrow");
        assertThat(withCoverage(40, 33).coverageSaysSo()).contains("in under 1% of calibrations of 40").contains("too narrow on this machine");
    }

    @Test
    void saysWhenTheIntervalsAreWiderThanTheNoiseNeeds() {
        // 95% intervals cover the truth in all of 40 in 13% of calibrations (0.95^40): no sign either way;
        // in 472 or more of 476 in under 1% (5 forks of calibrate fs, 2026-12-02, the floor binding)
        assertThat(withCoverage(40, 40).coverageSaysSo()).endsWith("no sign that they are too narrow.");
        assertThat(withCoverage(476, 472).coverageSaysSo()).contains("no sign that they are too narrow")
                .contains("cover it this often or more in under 1%").contains("wider than the noise needs");
    }

    @Test
    void namesTheForksTheErrorRatesHoldFor() {
        assertThat(new Calibration.Forks(5, 5, false).words()).isEqualTo("5 forks each, one look after them");
        assertThat(new Calibration.Forks(3, 10, true).words()).startsWith("3 to 10 forks, looked at after each fork");
    }

    private static Calibration withCoverage(int ratios, int covered) {
        return new Calibration(List.of(new Calibration.Row(1.0, ratios, covered, java.util.Map.of())), java.util.Map.of(8, 5), 0.03);
    }
}
