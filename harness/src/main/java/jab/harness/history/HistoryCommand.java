package jab.harness.history;

import java.util.concurrent.Callable;

import jab.harness.UsageException;
import picocli.CommandLine.Command;

/** {@code jab history}: the verb over add, list, changes and report; alone it names them. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Keeps every run's within-run ratios in a database (SQLite by default, or a team's PostgreSQL) and",
            "finds where a ratio stepped: did anything get slower since last month, on any machine? jab run records",
            "each run into results/history.db unless --no-history; add records older runs or other machines' runs,",
            "changes finds the change points (E-divisive means with a t-test, as Apache Otava), report draws the page."},
        subcommands = {HistoryAdd.class, HistoryList.class, HistoryChanges.class, HistoryReport.class},
        footer = {"", "Examples:",
            "  ./jab history add results/2026*                    record runs made before (each once)",
            "  ./jab history changes --fail-on-regression 3%%       exit 1 when a ratio stepped 3%% or more",
            "  ./jab history report --out /tmp/history            the page: history.html",
            "  ./jab history list --db jdbc:postgresql://db.example/jab?user=jab   a team's history",
            "", "Exit: 0 done, 1 a regression with --fail-on-regression, 2 bad input (nothing recorded for a refused run).",
            "More: docs/history.md"})
public final class HistoryCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UsageException("history needs a subcommand: add, list, changes or report (see ./jab history --help)");
    }
}
