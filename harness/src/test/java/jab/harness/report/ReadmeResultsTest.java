package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;

/** The README's generated Results section, and the line under each table on the run's precision goal. */
class ReadmeResultsTest {

    static BenchResult result(double... forkMeans) {
        List<double[]> raw = java.util.Arrays.stream(forkMeans).mapToObj(m -> new double[] {m, m}).toList();
        return new BenchResult("t", "x.YBenchmark.z", "avgt", Map.of(), 100, 1, "ns/op", raw, 2L * forkMeans.length, "17", "vm",
                "17", List.of(), 1, 1);
    }

    @Test
    void countsTheResultsWiderThanTheGoal() {
        BenchResult tight = result(100, 100.5, 99.5, 100.2, 99.8); // +-0.6%
        BenchResult wide = result(100, 130); // t = 12.7: far wider than 5%
        BenchResult oneFork = result(100); // no fork-level interval: it cannot be said to meet the goal
        assertThat(ReadmeResults.precision(List.of(tight, wide, oneFork), 0.05)).hasValueSatisfying(
                s -> assertThat(s).startsWith("**2 of 3 results above miss the run's precision goal**").contains("±5.0%"));
        assertThat(ReadmeResults.precision(List.of(tight), 0.05)).hasValueSatisfying(s -> assertThat(s).startsWith("Every result"));
        assertThat(ReadmeResults.precision(List.of(wide), 0)).isEmpty(); // a run without a goal (smoke) says nothing
    }

    @Test
    void theSectionHasNoHeadingsAndKeepsJmhsHeader() throws Exception {
        Path run = Path.of(ReadmeResultsTest.class.getResource("/fixtures/linux-run").toURI());
        String section = ReadmeResults.markdown(List.of(run), List.of(RunResults.read(run)));
        // a "#" line, a heading or JMH's header inside a code block, would split the section in the README's outline
        assertThat(section.lines().filter(l -> l.startsWith("#"))).isEmpty();
        assertThat(section).contains("- Test Date: ").contains("- VM version: JDK ");
        assertThat(section.lines().filter(l -> l.startsWith("**") && l.endsWith("**"))).hasSize(2); // the OS, the hardware
    }
}
