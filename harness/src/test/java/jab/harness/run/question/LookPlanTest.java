package jab.harness.run.question;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.TimeValue;

import jab.harness.run.options.Precision;
import jab.harness.stats.SequentialDesign;

/**
 * A run with a budget counts its forks by the clock once the first ones ran and looks once: at least the
 * fork limit when the plan's forks to it fit the budget, at least the first forks when they do not (the
 * looks end early); without a budget, a look after each fork.
 */
class LookPlanTest {
    @Test
    void aFullDefaultRunsLooksEndEarly() {
        // 14 cases, 104 s of slices in a fork of every case (2026-11-30), against 880 s
        assertThat(LookPlan.looksEndEarly(104, 10, Duration.ofSeconds(880))).isTrue();
    }

    @Test
    void calibrationsComparisonsGoOnToTheForkLimit() {
        // four 8-variant fs cases, 67 s of slices a fork of each, against calibrate's 1,200 s
        assertThat(LookPlan.looksEndEarly(67, 10, Duration.ofSeconds(1200))).isFalse();
    }

    @Test
    void withoutABudgetNothingEndsTheLooks() {
        assertThat(LookPlan.looksEndEarly(1e6, 10, null)).isFalse();
    }

    @Test
    void theForkLimitCountsAsMuchAsTheSlices() {
        assertThat(LookPlan.looksEndEarly(60, 10, Duration.ofSeconds(1000))).isFalse();
        assertThat(LookPlan.looksEndEarly(60, 12, Duration.ofSeconds(1000))).isTrue();
    }

    @Test
    void aCalibrationLooksAsTheRunItMirrorsDoes() {
        QuestionCase real = CalibrationCasesTest.cases("FILE_EXISTS", "FILES_EXISTS", "FILE_IS_FILE").get(0);
        BenchmarkListEntry instrument = CalibrationCases.plantedBenchmark(real, QuestionCaseTest.CATALOG).orElseThrow();
        QuestionCase planted = CalibrationCases.planted(real, instrument, 105, 1);
        Precision noBudget = new Precision(0.02, 10, null);
        for (QuestionCase c : List.of(real, planted)) {
            assertThat(LookPlan.of(List.of(asked(c)), noBudget)).isEqualTo(LookPlan.Looks.EVEN);
            assertThat(LookPlan.of(List.of(asked(c)), new Precision(0.02, 10, Duration.ofSeconds(30)))).isEqualTo(LookPlan.Looks.EARLY);
            assertThat(LookPlan.of(List.of(asked(c)), new Precision(0.02, 10, Duration.ofHours(2)))).isEqualTo(LookPlan.Looks.PLANNED);
        }
    }

    @Test
    void thePlanCountsEveryVariantsWarmUpAndMeasuredSlices() {
        QuestionCase real = CalibrationCasesTest.cases("FILE_EXISTS", "FILES_EXISTS", "FILE_IS_FILE").get(0);
        // 3 variants, 10 + 30 rounds of 50 ms: 6 s a fork, 90 s planned to 10 forks
        assertThat(LookPlan.sliceSeconds(asked(real))).isCloseTo(6.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(LookPlan.of(List.of(asked(real)), new Precision(0.02, 10, Duration.ofSeconds(89)))).isEqualTo(LookPlan.Looks.EARLY);
        assertThat(LookPlan.of(List.of(asked(real)), new Precision(0.02, 10, Duration.ofSeconds(91)))).isEqualTo(LookPlan.Looks.PLANNED);
    }

    @Test
    void eachLooksDesign() {
        assertThat(LookPlan.Looks.EARLY.design(3, 10)).as("until the clock counts more").isEqualTo(SequentialDesign.oneLookAt(3));
        assertThat(LookPlan.Looks.EVEN.design(3, 10)).isEqualTo(SequentialDesign.of(3, 10, false));
        SequentialDesign once = LookPlan.Looks.PLANNED.design(3, 10);
        assertThat(once.sequential()).isFalse();
        assertThat(once.firstForks()).isEqualTo(10);
        assertThat(once.quantiles()).containsExactly(once.quantile(10));
        assertThat(once.quantile(10)).isCloseTo(2.262, org.assertj.core.api.Assertions.within(1e-3)); // Student's t, 9 degrees of freedom
    }

    @Test
    void theClockHoldsTheForksItsTimeLeftBuysAtMostFourTimesTheLimit() {
        QuestionCase real = CalibrationCasesTest.cases("FILE_EXISTS", "FILES_EXISTS", "FILE_IS_FILE").get(0);
        AskedCase a = firstForksRan(asked(real));
        // 3 forks done, 0.9 x 200 s holds 18 more forks of 10 s
        assertThat(LookPlan.forksTheClockHolds(List.of(a), 10, 200)).isEqualTo(21);
        assertThat(LookPlan.forksTheClockHolds(List.of(a), 10, 50)).as("below the limit: a planned run takes the limit").isEqualTo(7);
        assertThat(LookPlan.forksTheClockHolds(List.of(a), 10, -5)).as("a budget spent holds the forks run").isEqualTo(3);
        assertThat(LookPlan.forksTheClockHolds(List.of(a), 10, 1e5)).as("at most four times the limit").isEqualTo(40);
        AskedCase b = asked(real);
        b.secondsPerFork = 30;
        b.forks.addAll(a.forks);
        // two cases take turns: 0.9 x 400 s holds 9 more forks of both (40 s a turn)
        assertThat(LookPlan.forksTheClockHolds(List.of(a, b), 10, 400)).isEqualTo(12);
    }

    @Test
    void whichRunsPlanTheirForksOnceTheFirstOnesRan() {
        QuestionCase real = CalibrationCasesTest.cases("FILE_EXISTS", "FILES_EXISTS", "FILE_IS_FILE").get(0);
        AskedCase a = firstForksRan(asked(real));
        List<AskedCase> one = List.of(a);
        assertThat(LookPlan.plannedForks(LookPlan.Looks.PLANNED, one, 10, 200)).hasValue(21);
        assertThat(LookPlan.plannedForks(LookPlan.Looks.PLANNED, one, 10, 50)).as("the limit the plan found room for").hasValue(10);
        assertThat(LookPlan.plannedForks(LookPlan.Looks.EARLY, one, 10, 200)).as("the clock holds the limit after all").hasValue(21);
        assertThat(LookPlan.plannedForks(LookPlan.Looks.EARLY, one, 10, 50)).as("four more forks of 10 s").hasValue(7);
        assertThat(LookPlan.plannedForks(LookPlan.Looks.EARLY, one, 10, 5)).as("no time for more: one look after the first").hasValue(3);
        assertThat(LookPlan.plannedForks(LookPlan.Looks.EVEN, one, 10, 1e9)).isEmpty();
        BenchmarkListEntry instrument = CalibrationCases.plantedBenchmark(real, QuestionCaseTest.CATALOG).orElseThrow();
        AskedCase planted = asked(CalibrationCases.planted(real, instrument, 105, 1));
        firstForksRan(planted);
        assertThat(LookPlan.plannedForks(LookPlan.Looks.EARLY, List.of(planted), 10, 50)).as("a calibration, as a run").hasValue(7);
    }

    /** The case after three first forks of 10 s each. */
    private static AskedCase firstForksRan(AskedCase a) {
        a.secondsPerFork = 10;
        for (int i = 0; i < 3; i++) {
            a.forks.add(new jab.harness.results.Comparisons.Fork(i, List.of()));
        }
        return a;
    }

    private static AskedCase asked(QuestionCase c) {
        return new AskedCase(QuestionCaseTest.JDK, c, new SliceSchedule(TimeValue.milliseconds(50), 10, 30), 3, "", false,
                SequentialDesign.of(3, 10, true));
    }
}
