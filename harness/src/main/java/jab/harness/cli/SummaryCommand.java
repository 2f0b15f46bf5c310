package jab.harness.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import jab.harness.UsageException;
import jab.harness.family.FamilySet;
import jab.harness.report.Summary;
import jab.harness.results.RunResults;
import jab.harness.results.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "summary", mixinStandardHelpOptions = true,
        description = {"Rebuilds summary.md of a run directory from the run's own files alone: byte for byte what the",
            "run wrote, or today's layout for a run written by an older jab. It reads the fingerprint, JMH's JSON,",
            "the native baselines, the other timings and the families' side documents, and changes nothing else."},
        footer = {"", "Example:", "  ./jab summary results/20261122-194027-vm"})
public final class SummaryCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN", description = "a run directory written by jab run")
    Path run;

    private final FamilySet families;

    SummaryCommand(FamilySet families) {
        this.families = families;
    }

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(run) || !Files.isRegularFile(run.resolve(RunStore.ENV))) {
            throw new UsageException(run + " is not a jab run directory: no " + RunStore.ENV + " in it");
        }
        RunResults results;
        try {
            results = RunResults.read(run);
        } catch (java.io.IOException | RuntimeException e) {
            throw new UsageException(run + ": unreadable run directory: " + e.getMessage());
        }
        RunStore.rewriteSummary(run, Summary.markdown(results, families));
        System.out.println("summary: " + run.resolve(RunStore.SUMMARY));
        return 0;
    }
}
