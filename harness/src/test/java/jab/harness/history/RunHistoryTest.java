package jab.harness.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.ConsoleWidth;
import jab.harness.compare.Cli;

/** jab run's end: the run recorded into OUT/history.db in lines that fit the console, or not at all with --no-history. */
class RunHistoryTest {
    @TempDir
    Path tmp;

    @Test
    void aRunIsRecordedIntoTheHistoryOfItsResultsFolder() throws Exception {
        Path out = tmp.resolve("a-results-folder-with-a-name-long-enough-to-need-wrapping-of-the-line-that-names-it-twice");
        List<Path> runs = HistoryRuns.series(out, 1, 99, 1, 31);
        String console = record(new RunHistory(), runs.get(0), out);
        assertThat(console).startsWith("history: recorded in").contains("(4 ratios)");
        ConsoleWidth.assertFits(console);
        assertThat(Cli.run("history", "list", "--db", out.resolve("history.db").toString()).out()).contains("1 run");
    }

    @Test
    void noHistorySkipsItAndARunWithoutQuestionsCostsOneLine() throws Exception {
        List<Path> runs = HistoryRuns.series(tmp, 1, 99, 1, 32);
        RunHistory skip = new RunHistory();
        skip.skip = true;
        assertThat(record(skip, runs.get(0), tmp)).isEmpty();
        assertThat(tmp.resolve("history.db")).doesNotExist();
        Files.delete(runs.get(0).resolve("comparisons.json"));
        assertThat(record(new RunHistory(), runs.get(0), tmp)).startsWith("history: not recorded: ").contains("has no comparisons.json");
    }

    private static String record(RunHistory h, Path run, Path out) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        h.record(run, out, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
