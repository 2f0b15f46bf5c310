package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import jab.harness.ConsoleWidth;
import jab.harness.cli.FamilyRegistry;
import jab.harness.results.BenchResult;
import jab.harness.results.CompactTable;
import jab.harness.results.RunResults;
import jab.harness.results.Synthetic;

/**
 * The end of {@code jab run} on the console: for every published run in results/ (every family, several
 * JDKs), compact tables per family without other families' params, in 120 columns; no findings between
 * variants (a run's answers are its ratios, see {@link OneAnswerPerPairTest}).
 */
class TerminalAnswerTest {
    @Test
    void everyPublishedRunAnswersWithCompactTablesIn120Columns() throws IOException {
        int fsRuns = 0;
        for (Path dir : PublishedSummariesTest.publishedRuns()) {
            RunResults run = RunResults.read(dir);
            String answer = TerminalAnswer.of(dir, run, FamilyRegistry.load());
            ConsoleWidth.assertFits(answer);
            assertThat(answer).as(dir.toString()).doesNotContain("N/A").doesNotContain("`").contains("±95% (forks)");
            if (!run.baselines().isEmpty()) {
                assertThat(answer).as(dir.toString()).contains("native baselines");
            }
            if (answer.contains("fs:\n")) {
                fsPart(answer.substring(answer.indexOf("fs:\n")));
                fsRuns++;
            }
        }
        assertThat(fsRuns).as("published runs with fs").isPositive();
    }

    /**
     * The fs part: no ratio between its variants beside the answers (runs with questions open it with the
     * JVM tax, each variant's answer against the in-process floor), and a table of one class shows no other
     * family's params.
     */
    private static void fsPart(String fs) {
        assertThat(fs).startsWith("fs:\n").contains("FileExistsBenchmark, avgt, files=").doesNotContain(" costs ");
        String table = fs.substring(fs.indexOf("FileExistsBenchmark, avgt"));
        table = table.substring(0, table.indexOf("\n\n"));
        assertThat(table).contains("(api)").doesNotContain("(launcher)").doesNotContain("(impl)");
    }

    @Test
    void aTableTooWideForItsParamsPutsThemAboveEachResult() {
        List<CompactTable.Row> rows = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            BenchResult r = Synthetic.result("avgt", "us/op", 10 + i, i);
            BenchResult wide = new BenchResult(r.source(), r.benchmark(), r.mode(),
                    new TreeMap<>(Map.of("first", "A_VERY_LONG_PARAM_VALUE_NUMBER_" + i + "_OF_MANY", "second", "ANOTHER_RATHER_LONG_VALUE_" + i,
                            "third", "AND_YET_ANOTHER_LONG_ONE_" + i)),
                    r.score(), r.scoreError(), r.unit(), r.rawData(), r.samples(), r.jdkVersion(), r.vmName(), r.vmVersion(),
                    r.jvmArgs(), r.threads(), r.iterationSeconds());
            rows.add(new CompactTable.Row("someRatherLongScenarioName", "17", wide));
        }
        String table = CompactTable.format("WideBenchmark, avgt", rows);
        ConsoleWidth.assertFits(table);
        assertThat(table).contains("someRatherLongScenarioName first=A_VERY_LONG_PARAM_VALUE_NUMBER_0_OF_MANY")
                .contains("Score  Units  ±95% (forks)  Forks");
    }
}
