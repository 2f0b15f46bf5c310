package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import jab.harness.results.TwoVariants;

class CalibrationTest {

    @Test
    void countsTheIntervalsThatCoverOneAndTheFalseVerdicts() {
        Calibration c = Calibration.of(TwoVariants.doc(
                TwoVariants.question("covers, the same", new double[] {1.00, 1.01}, new double[] {0.995, 1.0}, new double[] {1.005, 1.0}),
                TwoVariants.question("misses 1, still the same", new double[] {1.010}, new double[] {1.011}, new double[] {1.012}),
                TwoVariants.question("a false verdict", new double[] {1.10}, new double[] {1.11}, new double[] {1.12}),
                TwoVariants.question("one fork: not counted", new double[] {1.0, 1.2})));
        assertThat(c.comparisons()).isEqualTo(3);
        assertThat(c.covered()).isEqualTo(1);
        assertThat(c.falseVerdicts()).isEqualTo(1);
        assertThat(c.same()).isEqualTo(2);
        assertThat(String.join("\n", c.lines())).contains("cover 1: 1 of 3").contains("false verdicts").contains("1 of 3");
    }

    @Test
    void saysWhetherTheCoverageIsEvidenceOfTooNarrowIntervals() {
        // sound 95% intervals cover 1 in 37 or fewer of 40 in about a third of calibrations, in 33 or fewer in 0.5%
        assertThat(new Calibration(40, 37, 0, 30, 0.03).coverageSaysSo()).contains("in 32% of calibrations of 40")
                .contains("no sign that they are too narrow");
        assertThat(new Calibration(40, 33, 0, 30, 0.03).coverageSaysSo()).contains("in under 1% of calibrations of 40")
                .contains("too narrow on this machine");
    }
}
