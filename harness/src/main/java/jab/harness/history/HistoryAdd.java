package jab.harness.history;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import jab.harness.Jab;
import jab.harness.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "add", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Records run directories into the history: per question and JDK each ratio with its interval, forks and",
            "verdict, and each variant's interleaved score, with the commit of the measured code, the date, the machine",
            "and the JDK builds. Not the slices: a run costs tens of kilobytes. Each run is one transaction; a run",
            "recorded before is left as it is; a folder that is no run, or a damaged one, is refused and records nothing."},
        footer = {"", "Examples:",
            "  ./jab history add results/20261129-013313-vm",
            "  ./jab history add --db ci-history.db artifacts/*/run-*      every runner's run into one history",
            "  ./jab history add --commit $(git rev-parse HEAD) --keep 400 results/RUN   your benchmarks' commit; bounded",
            "", "Exit: 0 recorded (or recorded before), 2 a run refused (the others are recorded)."})
final class HistoryAdd implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOption db = new DbOption();

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "run directories written by jab run")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--commit", paramLabel = "SHA",
            description = "the commit of the measured code (default: your benchmarks' git commit, or jab's own from env.json)")
    String commit;

    @Option(names = "--machine", paramLabel = "NAME",
            description = "name the machine yourself (default: OS, CPU, threads and memory from env.json, the host name left out)")
    String machine;

    @Option(names = "--keep", paramLabel = "N", description = "keep only the newest N runs of each recorded run's machine (default: all)")
    int keep;

    @Override
    public Integer call() throws SQLException {
        if (keep < 0) {
            throw new UsageException("--keep " + keep + ": expected a number of runs, at least 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HistoryStore store = new HistoryStore(db.open());
        int refused = 0;
        for (Path run : runs) {
            RecordedRun r;
            try {
                r = RunImport.read(run, commit, machine);
            } catch (UsageException e) {
                err.println("jab: " + e.getMessage());
                refused++;
                continue;
            }
            boolean added = store.add(r, keep);
            out.println((added ? "recorded: " : "recorded before, unchanged: ") + run + " (commit " + r.commit() + ", "
                    + r.time() + ", machine " + r.machine().id() + ": " + r.machine().label() + "; " + r.ratios().size() + " ratios, "
                    + r.scores().size() + " scores)");
        }
        out.println("history: " + store.location());
        out.flush();
        return refused > 0 ? Jab.EXIT_USAGE : 0;
    }
}
