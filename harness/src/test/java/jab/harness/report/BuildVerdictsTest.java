package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import jab.harness.page.MarkdownPage;
import jab.harness.results.Comparisons;
import jab.harness.stats.RatioVerdict;

/** The rows of a two-build run: the head's time over the base's, the gate, the table. */
class BuildVerdictsTest {

    /** Forks whose head scores {@code headOverBase} times the base in each round (a spread of ±0.2% between forks). */
    static Comparisons.Asked asked(double headOverBase, String apart, int forks) {
        String unit = "ns/op";
        List<Comparisons.Fork> fs = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double r = headOverBase * (1 + 0.002 * (f % 2 == 0 ? 1 : -1));
            fs.add(new Comparisons.Fork(f, List.of(new Comparisons.Round(List.of("head", "base"), List.of(100 * r, 100.0)),
                    new Comparisons.Round(List.of("base", "head"), List.of(110.0, 110 * r)))));
        }
        List<Comparisons.Variant> details = List.of(new Comparisons.Variant("base", "base", "demo.W.work", Map.of("n", "1"), unit),
                new Comparisons.Variant("head", "head", "demo.W.work", Map.of("n", "1"), unit));
        return new Comparisons.Asked("head against base, W.work (n=1)", "user", "17", Map.of("n", "1"), List.of("base", "head"), "base",
                details, false, apart, new Comparisons.Slices("50 ms", 20, 2, 10), fs, List.of(), jab.harness.stats.SequentialDesign.FIXED).withRatios(RatioVerdict.DEFAULT_BAND);
    }

    private static BuildVerdicts.Row row(Comparisons.Asked q) {
        return BuildVerdicts.of(new Comparisons(Comparisons.FORMAT_VERSION, RatioVerdict.DEFAULT_BAND, List.of(q))).get(0);
    }

    @Test
    void aRowIsTheHeadsTimeOverTheBasesWithItsIntervalAndBothScores() {
        BuildVerdicts.Row time = row(asked(1.05, "", 4));
        assertThat(time.ratio()).isCloseTo(1.05, within(1e-3));
        assertThat(time.low()).isLessThan(time.ratio()).isLessThan(time.high());
        assertThat(time.verdict()).isEqualTo("slower");
        assertThat(time.base()).isCloseTo(105, within(1e-9));
        assertThat(time.head()).isCloseTo(110.25, within(1e-9));
        assertThat(time.name()).isEqualTo("demo.W.work {n=1} (JDK 17)");
    }

    @Test
    void theGateFailsOnlyWhenTheWholeIntervalOverForksLiesBeyondItsLimit() {
        BuildVerdicts.Row slower = row(asked(1.03, "", 4));
        assertThat(slower.regression(0.01)).isTrue();
        assertThat(slower.regression(0.05)).isFalse();
        assertThat(row(asked(1.0, "", 4)).regression(0.01)).as("the same code").isFalse();
        assertThat(row(asked(0.9, "", 4)).regression(0.01)).as("faster").isFalse();
        BuildVerdicts.Row oneFork = row(asked(1.2, "", 1));
        assertThat(oneFork.intervalOver()).isEqualTo("rounds of one fork");
        assertThat(oneFork.regression(0.01)).as("one fork's rounds decide nothing").isFalse();
    }

    @Test
    void theTableNamesBothBuildsTheRatioItsIntervalAndAForkLevelVerdict() {
        MarkdownPage page = new MarkdownPage();
        BuildVerdicts.table(page, List.of(row(asked(1.05, "", 4)), row(asked(1.05, "other JVM options", 4))));
        String md = page.body();
        assertThat(md).startsWith("| Benchmark | JDK | base | head | head/base | 95% interval | verdict |");
        assertThat(md).contains("| head against base, W.work (n=1) | 17 | 105.000 ns/op | 110.250 ns/op | 1.050 | ", "(4 forks) | slower |",
                "(4 pairs of forks) | slower (fork-level) |");
    }

    @Test
    void questionsOfOneBuildAreNotRows() {
        Comparisons.Asked q = asked(1.05, "", 3);
        Comparisons.Asked other = new Comparisons.Asked(q.question(), q.family(), q.jdk(), q.fixed(), List.of("A", "B"), "A", List.of(),
                false, "", q.slices(), List.of(), List.of(), jab.harness.stats.SequentialDesign.FIXED);
        assertThat(BuildVerdicts.of(new Comparisons(Comparisons.FORMAT_VERSION, RatioVerdict.DEFAULT_BAND, List.of(other)))).isEmpty();
    }
}
