package jab.harness.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import jab.harness.family.FamilySet;
import jab.harness.report.Merge;
import jab.harness.results.ResultSource;
import jab.harness.run.options.InputChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Merges runs from several machines (e.g. the CI matrix's artifacts) into one report.md and",
            "report.html: a section per OS and hardware, as in seed 000's README, then every result side by",
            "side across machines and JDKs, with charts and each result's spread, then each machine's fingerprint."},
        footer = {"", "Example:", "  ./jab merge runs/linux/* runs/macos/* runs/windows/* --out merged"})
public final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    private final FamilySet families;

    MergeCommand(FamilySet families) {
        this.families = families;
    }

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "run directories (or JMH JSON files)")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "where report.md and report.html go")
    Path out;

    @Override
    public Integer call() throws Exception {
        List<ResultSource> inputs = runs.stream().map(ResultSource::load).toList();
        InputChecks.outputDir(out, "--out");
        Merge.write(inputs, families, out);
        spec.commandLine().getOut().println("report: " + out.resolve("report.md") + "\nreport: " + out.resolve("report.html"));
        return 0;
    }
}
