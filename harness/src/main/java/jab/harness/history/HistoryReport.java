package jab.harness.history;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import jab.harness.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes the history's page, DIR/history.html: one self-contained file (Chart.js inlined, no network). Per",
            "machine and JDK (a list to choose from): per question each ratio over the runs with its 95%% interval as a band",
            "and its change points marked with their commit, then the latest run's answers as a forest plot."},
        footer = {"", "Examples:", "  ./jab history report --out /tmp/history", "  ./jab history report --db ci-history.db --since 2026-10-01 --out site",
            "", "Exit: 0 written, 2 bad input."})
final class HistoryReport implements Callable<Integer> {
    static final String PAGE = "history.html";

    @Spec
    CommandSpec spec;

    @Mixin
    DbOption db = new DbOption();

    @Mixin
    ChangeOptions options = new ChangeOptions();

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "the folder to write history.html into")
    Path out;

    @Override
    public Integer call() throws Exception {
        ChangeFinder finder = options.finder(0);
        HistoryStore store = new HistoryStore(db.open());
        List<HistoryStore.Series> series = store.series(options.since());
        List<Change> changes = finder.changes(series);
        String html = HistoryPage.html(store.location(), store.runs(), series, changes);
        Path page = out.resolve(PAGE);
        try {
            Files.createDirectories(out);
            Files.writeString(page, html, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("--out " + out + ": cannot write " + PAGE + ": " + e.getMessage());
        }
        PrintWriter w = spec.commandLine().getOut();
        w.println("history page: " + page.toAbsolutePath() + " (" + series.size() + " series, " + changes.size() + " change points)");
        w.flush();
        return 0;
    }
}
