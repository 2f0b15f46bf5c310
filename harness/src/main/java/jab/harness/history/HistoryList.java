package jab.harness.history;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import jab.harness.page.MarkdownPage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"Lists the runs in the history, oldest first: when, the commit measured, the machine, the profile, the",
            "JDK builds and how many ratios each run recorded; then the machines."},
        footer = {"", "Example:", "  ./jab history list --db ci-history.db", "", "Exit: 0, or 2 when the history cannot be opened."})
final class HistoryList implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOption db = new DbOption();

    @Override
    public Integer call() throws SQLException {
        PrintWriter out = spec.commandLine().getOut();
        HistoryStore store = new HistoryStore(db.open());
        List<HistoryStore.Run> runs = store.runs();
        out.println("history: " + store.location() + ", " + runs.size() + " run" + (runs.size() == 1 ? "" : "s"));
        if (runs.isEmpty()) {
            out.println("No runs yet: jab run records each run (unless --no-history), jab history add records older ones.");
            out.flush();
            return 0;
        }
        List<List<String>> rows = new ArrayList<>();
        for (HistoryStore.Run r : runs) {
            rows.add(List.of(r.time(), r.commit(), r.code(), r.machine(), r.profile(), r.jdks(), Integer.toString(r.ratios())));
        }
        MarkdownPage table = new MarkdownPage();
        table.table(List.of("measured at", "commit", "code", "machine", "profile", "JDKs", "ratios"), rows, 6);
        out.print(table.body());
        out.println();
        runs.stream().map(r -> "machine " + r.machine() + ": " + r.machineLabel()).distinct().forEach(out::println);
        out.flush();
        return 0;
    }
}
