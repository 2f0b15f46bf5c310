package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import jab.harness.results.TwoVariants;

/** The run's one line on how decisive it was: answered comparisons, and where the open ones are. */
class TallyTest {
    /** Three forks whose rounds give B/A near {@code r}, spread by {@code spread} from fork to fork. */
    private static double[][] forks(double r, double spread) {
        return new double[][] {{r, r * 1.001, r * 0.999}, {r * (1 + spread), r * (1 + spread) * 1.001, r * (1 + spread) * 0.999},
            {r * (1 - spread), r * (1 - spread) * 1.001, r * (1 - spread) * 0.999}};
    }

    @Test
    void countsVerdictsAndNarrowIntervalsAsAnsweredAndNamesWhereTheRestAre() {
        String line = Answers.tally(TwoVariants.doc(
                TwoVariants.question("far apart", forks(2.0, 0.01)),        // slower, decided
                TwoVariants.question("the same", forks(1.0, 0.002)),        // within the band
                TwoVariants.question("on the edge", forks(1.03, 0.03))),    // crosses an edge, ±7%: open
                0.02, 10);
        assertThat(line).startsWith("2 of 3 comparisons").contains("2 verdicts (1 slower, 0 faster, 1 the same), and 0 undecided whose 95% "
                + "interval is within ±3.0% of the ratio")
                .contains("open: on the edge, JDK 17 (1)").doesNotContain("far apart").doesNotContain("the same,")
                .endsWith("with a longer budget gets the forks they need (./jab run SELECTOR --budget 10m)");
    }

    @Test
    void anUndecidedRatioNarrowedToTheBandIsCountedApartFromTheVerdicts() {
        String line = Answers.tally(TwoVariants.doc(TwoVariants.question("narrow on the edge", forks(1.03, 0.002))), 0.02, 10);
        assertThat(line).startsWith("1 of 1 comparisons").contains("0 verdicts (0 slower, 0 faster, 0 the same), and 1 undecided");
    }

    @Test
    void openComparisonsAtTheForkLimitAreToldToAskForMoreForks() {
        String line = Answers.tally(TwoVariants.doc(TwoVariants.question("on the edge", forks(1.03, 0.03))), 0.02, 3);
        assertThat(line).contains("open: on the edge, JDK 17 (1)")
                .endsWith("All of them are at the fork limit (3 forks): -f N runs N forks from the start, and a question run alone gets "
                        + "them (./jab run SELECTOR -f 6 --budget 10m)");
    }

    @Test
    void aQuestionThatPlannedMoreForksThanTheRunsLimitIsToldItsOwnLimit() {
        jab.harness.results.Comparisons.Asked q = TwoVariants.question("on the edge", forks(1.03, 0.03));
        jab.harness.results.Comparisons.Asked planned = new jab.harness.results.Comparisons.Asked(q.question(), q.family(), q.jdk(),
                q.fixed(), q.variants(), q.reference(), q.details(), q.higherIsBetter(), q.notInterleaved(), q.slices(), q.forks(),
                q.ratios(), jab.harness.stats.SequentialDesign.oneLookAt(3));
        // three forks planned where the run's limit was two: the question's own limit is the one it reached
        assertThat(Answers.tally(TwoVariants.doc(planned), 0.02, 2)).endsWith("All of them are at the fork limit (3 forks): -f N runs N "
                + "forks from the start, and a question run alone gets them (./jab run SELECTOR -f 6 --budget 10m)");
        // the run's limit of ten was never reached by three planned forks: time is what they lack
        assertThat(Answers.tally(TwoVariants.doc(planned), 0.02, 10)).endsWith("(./jab run SELECTOR --budget 10m)");
    }

    @Test
    void aRunWithEverythingAnsweredSaysSoAndNothingMore() {
        assertThat(Answers.tally(TwoVariants.doc(TwoVariants.question("far apart", forks(2.0, 0.01))), 0.02, 10))
                .isEqualTo("1 of 1 comparisons (every pair of each question's variants) answered: 1 verdict (1 slower, 0 faster, 0 the "
                        + "same), and 0 undecided whose 95% interval is within ±3.0% of the ratio (a ratio that close to the band's edge is "
                        + "answered by its width)");
        assertThat(Answers.tally(TwoVariants.doc(), 0.02, 10)).isEmpty();
    }

    @Test
    void theLineBesideTheAnswersNamesTheEstimatorAndTheInterval() {
        String single = Answers.howToRead(TwoVariants.doc(TwoVariants.question("far apart", forks(2.0, 0.01))).questions());
        assertThat(single).startsWith("Each ratio is a geometric mean").contains("Student's t over the fork means", "per comparison");
        jab.harness.results.Comparisons.Asked q = TwoVariants.question("far apart", forks(2.0, 0.01));
        jab.harness.results.Comparisons.Asked sequential = new jab.harness.results.Comparisons.Asked(q.question(), q.family(), q.jdk(),
                q.fixed(), q.variants(), q.reference(), q.details(), q.higherIsBetter(), q.notInterleaved(), q.slices(), q.forks(),
                q.ratios(), jab.harness.stats.SequentialDesign.of(3, 10, true));
        assertThat(Answers.howToRead(java.util.List.of(sequential))).contains("repeated confidence interval");
        assertThat(Answers.howToRead(java.util.List.of())).isEmpty();
    }
}
