package jab.harness.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.compare.Cli;

/** jab history add into SQLite: once per run, refusals that record nothing, bounded size, two writers at once. */
class HistoryAddTest {
    @TempDir
    Path tmp;

    @Test
    void aRunRecordedTwiceIsRecordedOnce() throws IOException {
        List<Path> runs = HistoryRuns.series(tmp.resolve("runs"), 3, 99, 1, 1);
        String db = tmp.resolve("h.db").toString();
        Cli first = Cli.run("history", "add", "--db", db, runs.get(0).toString(), runs.get(1).toString());
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.linesWith("recorded: ")).hasSize(2);
        Cli again = Cli.run("history", "add", "--db", db, runs.get(1).toString(), runs.get(2).toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.linesWith("recorded before, unchanged")).hasSize(1);
        Cli list = Cli.run("history", "list", "--db", db);
        assertThat(list.out()).contains("3 runs");
        assertThat(list.linesWith(HistoryRuns.commit(1).substring(0, 7))).hasSize(1);
    }

    @Test
    void aDamagedRunAndAFolderThatIsNoRunAreRefusedAndRecordNothing() throws IOException {
        List<Path> runs = HistoryRuns.series(tmp.resolve("runs"), 2, 99, 1, 2);
        Path comparisons = runs.get(1).resolve("comparisons.json");
        Files.writeString(comparisons, Files.readString(comparisons).substring(0, 2000));
        String db = tmp.resolve("h.db").toString();
        Cli damaged = Cli.run("history", "add", "--db", db, runs.get(1).toString());
        assertThat(damaged.code()).isEqualTo(2);
        assertThat(damaged.err()).contains(runs.get(1).toString()).contains("damaged").contains("nothing recorded");
        Cli noRun = Cli.run("history", "add", "--db", db, tmp.resolve("runs").toString());
        assertThat(noRun.code()).isEqualTo(2);
        assertThat(noRun.err()).contains("is not a jab run directory: no env.json");
        Cli mixed = Cli.run("history", "add", "--db", db, runs.get(0).toString(), runs.get(1).toString());
        assertThat(mixed.code()).as("a refused run among good ones").isEqualTo(2);
        assertThat(Cli.run("history", "list", "--db", db).out()).contains("1 run").doesNotContain(HistoryRuns.commit(1).substring(0, 7));
    }

    @Test
    void aRunCostsTheHistoryLessThan100Kilobytes() throws IOException {
        List<Path> runs = HistoryRuns.series(tmp.resolve("runs"), 11, 99, 1, 3);
        Path db = tmp.resolve("h.db");
        assertThat(Cli.run("history", "add", "--db", db.toString(), runs.get(0).toString()).code()).isZero();
        long one = Files.size(db);
        List<String> args = new ArrayList<>(List.of("history", "add", "--db", db.toString()));
        runs.subList(1, 11).forEach(r -> args.add(r.toString()));
        assertThat(Cli.run(args.toArray(String[]::new)).code()).isZero();
        long perRun = (Files.size(db) - one) / 10;
        assertThat(perRun).as("bytes per run").isPositive().isLessThan(100_000);
    }

    @Test
    void keepBoundsTheHistoryPerMachine() throws IOException {
        List<Path> runs = HistoryRuns.series(tmp.resolve("runs"), 5, 99, 1, 4);
        String db = tmp.resolve("h.db").toString();
        List<String> args = new ArrayList<>(List.of("history", "add", "--db", db, "--keep", "3"));
        runs.forEach(r -> args.add(r.toString()));
        assertThat(Cli.run(args.toArray(String[]::new)).code()).isZero();
        String list = Cli.run("history", "list", "--db", db).out();
        assertThat(list).contains("3 runs").contains(HistoryRuns.commit(4).substring(0, 7)).doesNotContain(HistoryRuns.commit(1).substring(0, 7));
    }

    /** Two jab processes adding at once, one of their runs the same: every run once, none lost. */
    @Test
    void twoAddsAtOnceLoseNothing() throws Exception {
        List<Path> runs = HistoryRuns.series(tmp.resolve("runs"), 13, 99, 1, 5);
        String db = tmp.resolve("h.db").toString();
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        for (int i = 0; i < 13; i++) {
            (i % 2 == 0 ? first : second).add(runs.get(i).toString());
        }
        second.add(runs.get(0).toString());
        Process a = jab(db, first, tmp.resolve("a.out"));
        Process b = jab(db, second, tmp.resolve("b.out"));
        assertThat(a.waitFor(120, TimeUnit.SECONDS) && b.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(a.exitValue()).as(Files.readString(tmp.resolve("a.out"))).isZero();
        assertThat(b.exitValue()).as(Files.readString(tmp.resolve("b.out"))).isZero();
        Cli list = Cli.run("history", "list", "--db", db);
        assertThat(list.out()).contains("13 runs");
        assertThat(list.linesWith(HistoryRuns.commit(0).substring(0, 7))).hasSize(1);
    }

    private static Process jab(String db, List<String> runs, Path out) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "jab.harness.Jab", "history", "add", "--db", db));
        cmd.addAll(runs);
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    }

    @Test
    void changesFindThePlantedStepAndGateOnIt() throws IOException {
        List<Path> runs = HistoryRuns.series(tmp.resolve("runs"), 20, 10, 1.06, new Random(6).nextLong());
        String db = tmp.resolve("h.db").toString();
        List<String> args = new ArrayList<>(List.of("history", "add", "--db", db));
        runs.forEach(r -> args.add(r.toString()));
        assertThat(Cli.run(args.toArray(String[]::new)).code()).isZero();
        Cli json = Cli.run("history", "changes", "--db", db, "--json");
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(json.out()).contains("\"commit\" : \"" + HistoryRuns.commit(10) + "\"").contains("\"slower\" : \"FILE_EXISTS\"");
        Cli gate = Cli.run("history", "changes", "--db", db, "--fail-on-regression", "3%");
        assertThat(gate.code()).as(gate.out()).isEqualTo(1);
        assertThat(gate.out()).contains("REGRESSION beyond 3.0%").contains("File.exists() got slower");
        assertThat(Cli.run("history", "changes", "--db", db, "--fail-on-regression", "20%").code()).isZero();
        assertThat(Cli.run("history", "changes", "--db", db, "--since", "2026-10-12").out()).contains("0 change points");
        Cli bad = Cli.run("history", "changes", "--db", db, "--since", "yesterday");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--since yesterday");
    }
}
