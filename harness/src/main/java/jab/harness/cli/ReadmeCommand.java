package jab.harness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import jab.harness.UsageException;
import jab.harness.report.ReadmeResults;
import jab.harness.results.RunResults;
import jab.harness.results.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "readme", mixinStandardHelpOptions = true,
        description = {"Writes a README's Results section after seed 000's layout from published run directories: the",
            "machine, the questions' answers, then per JDK JMH's header and the table with jab's fork-level interval",
            "(a question's variants over its interleaved forks; no headings, so the section stays one part of the",
            "README). Printed, or put between the section's markers with --update."},
        footer = {"", "Example:", "  ./jab readme results/2026* --update results/README.md"})
public final class ReadmeCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "RUN", description = "run directories written by jab run")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--update", paramLabel = "README", description = "replace the section in this file instead of printing it")
    Path update;

    @Override
    public Integer call() throws IOException {
        List<RunResults> read = new ArrayList<>();
        for (Path run : runs) {
            if (!Files.isRegularFile(run.resolve(RunStore.ENV))) {
                throw new UsageException(run + " is not a jab run directory: no " + RunStore.ENV + " in it");
            }
            read.add(RunResults.read(run));
        }
        String section = ReadmeResults.markdown(runs, read);
        if (update == null) {
            System.out.print(section);
            return 0;
        }
        if (!Files.isRegularFile(update)) {
            throw new UsageException("--update " + update + ": not a file");
        }
        String readme = Files.readString(update, StandardCharsets.UTF_8);
        Files.writeString(update, ReadmeResults.replace(readme, section), StandardCharsets.UTF_8);
        System.out.println("updated: " + update);
        return 0;
    }
}
