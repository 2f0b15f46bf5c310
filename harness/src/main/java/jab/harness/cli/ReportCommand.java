package jab.harness.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import jab.harness.family.FamilySet;
import jab.harness.report.Report;
import jab.harness.results.ResultSource;
import jab.harness.run.options.InputChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Writes report.md and report.html for one or more run directories (or JMH JSON files): the answers,",
            "charts per benchmark group (bars with the 95%% interval over forks per JDK, JDKs side by side, scaling",
            "over numeric params), JMH's tables, each family's own section, the machine fingerprint.",
            "report.html is one self-contained file (Chart.js inlined): it opens offline."},
        footer = {"", "Examples:", "  ./jab report results/20250718-101500-myhost", "  ./jab report results/RUN-A results/RUN-B --out /tmp/rep"})
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    private final FamilySet families;

    ReportCommand(FamilySet families) {
        this.families = families;
    }

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "run directories or JMH JSON files")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "where report.md and report.html go (default: the first RUN if a directory, else .)")
    Path out;

    @Override
    public Integer call() throws Exception {
        List<ResultSource> inputs = runs.stream().map(ResultSource::load).toList();
        Path dir = out != null ? out : (inputs.get(0).run().isPresent() ? inputs.get(0).path() : Path.of("."));
        InputChecks.outputDir(dir, out != null ? "--out" : "the report's directory");
        Report.write(inputs, families, dir);
        spec.commandLine().getOut().println("report: " + dir.resolve("report.md") + "\nreport: " + dir.resolve("report.html"));
        return 0;
    }
}
