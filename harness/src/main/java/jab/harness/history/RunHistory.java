package jab.harness.history;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;

import jab.harness.UsageException;
import jab.harness.page.ConsoleText;
import picocli.CommandLine.Option;

/**
 * {@code jab run}'s end: the run just written is recorded into the history of its results folder
 * ({@code OUT/history.db}, so results/history.db by default), unless {@code --no-history}. A history that
 * cannot take it costs the run nothing but a line saying so: the run directory is complete either way,
 * and {@code jab history add} can record it later.
 */
public final class RunHistory {
    @Option(names = "--no-history", description = "do not record this run into the history of its results folder (OUT/history.db; "
            + "see ./jab history)")
    boolean skip;

    public void record(Path runDir, Path outDir, PrintStream console) {
        if (skip) {
            return;
        }
        Path db = outDir.resolve(HistoryDb.FILE_NAME);
        try {
            HistoryStore store = new HistoryStore(HistoryDb.open(db.toString()));
            RecordedRun run = RunImport.read(runDir, null, null);
            store.add(run);
            console.print(ConsoleText.wrap("history: ", "recorded in " + db + " (" + run.ratios().size() + " ratios); ./jab history changes"
                    + (outDir.equals(HistoryDb.defaultFile().getParent()) ? "" : " --db " + db) + " finds where they stepped"));
        } catch (UsageException | SQLException e) {
            console.print(ConsoleText.wrap("history: not recorded: ", e.getMessage()));
        }
    }
}
