package jab.harness.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import jab.harness.UsageException;
import jab.harness.export.ExportFormat;
import jab.harness.export.ExportFormats;
import jab.harness.export.ExportRow;
import jab.harness.report.BuildVerdicts;
import jab.harness.results.ResultSource;
import jab.harness.results.RunResults;
import jab.harness.run.options.InputChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes a run's results for a CI tracker or a spreadsheet, each with the direction of its unit",
            "(operations per time: bigger is better; time per operation: smaller is better), JMH's error and jab's 95%%",
            "interval over forks. github-action-benchmark: two files, one for the action's tool customBiggerIsBetter and",
            "one for customSmallerIsBetter; bencher: Bencher Metric Format JSON; csv and markdown: a row per result.",
            "A run that compared two builds (--baseline) exports its ratios head/base instead, the head's time over the",
            "base's with the 95%% interval over forks: smaller is better (github-action-benchmark: customSmallerIsBetter;",
            "bencher: the measure head-base-ratio)."},
        footer = {"", "Examples:", "  ./jab export results/20261122-194027-vm --format github-action-benchmark",
            "  ./jab export results/20261122-194027-vm --format csv --out /tmp/export"})
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RUN", description = "a run directory written by jab run")
    Path run;

    @Option(names = "--format", required = true, paramLabel = "FORMAT",
            description = "github-action-benchmark, bencher, csv or markdown")
    String format;

    @Option(names = "--out", paramLabel = "DIR", description = "where the files go (default: RUN/export)")
    Path out;

    @Override
    public Integer call() throws Exception {
        ExportFormat f = ExportFormats.byName(format);
        if (!Files.isDirectory(run)) {
            throw new UsageException(run + " is not a jab run directory");
        }
        // a run that compared two builds answers with ratios, head over base: those are what a tracker follows
        List<BuildVerdicts.Row> ratios = BuildVerdicts.of(RunResults.read(run));
        ResultSource in = ratios.isEmpty() ? ResultSource.load(run) : null;
        Path dir = InputChecks.outputDir(out != null ? out : run.resolve("export"), out != null ? "--out" : "the export directory");
        Files.createDirectories(dir);
        List<String> left = new ArrayList<>();
        var console = spec.commandLine().getOut();
        for (ExportFormat.Written w : ratios.isEmpty() ? f.write(ExportRow.of(in, left), dir) : f.writeRatios(ratios, dir)) {
            console.println(f.name() + ": " + (w.file() == null ? w.what() : w.file() + " (" + w.what() + ")"));
        }
        left.forEach(l -> console.println("left out: " + l));
        return 0;
    }
}
