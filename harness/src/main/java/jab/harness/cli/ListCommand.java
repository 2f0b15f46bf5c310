package jab.harness.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.run.jmh.BenchmarkCatalog;
import jab.harness.user.UserBenchmarks;
import jab.harness.user.UserFamily;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Lists the families and their benchmarks, one line each, with mode and params (defaults).",
        footer = {"", "Examples:", "  ./jab list", "  ./jab list fs", "  ./jab list 'FileExists.*missing'",
            "  ./jab list --benchmarks target/benchmarks.jar"})
public final class ListCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "SELECTOR", description = "a family or a JMH regex; none: everything")
    List<String> selectors = new ArrayList<>();

    @Option(names = "--benchmarks", paramLabel = "PATH", description = "list your own JMH jar or classes directory instead (see jab run --help)")
    Path benchmarks;

    @Option(names = "--classpath", paramLabel = "CP", description = "the libraries --benchmarks needs")
    String classpath;

    private final FamilySet families;

    ListCommand(FamilySet families) {
        this.families = families;
    }

    @Override
    public Integer call() {
        Map<Family, List<BenchmarkListEntry>> selection;
        if (benchmarks == null) {
            selection = BenchmarkCatalog.load(families).select(selectors);
        } else {
            UserBenchmarks user = UserBenchmarks.open(benchmarks, classpath);
            user.requireMatches(selectors);
            selection = BenchmarkCatalog.of(user.entries(), new FamilySet(List.of(new UserFamily(user)))).select(selectors);
        }
        for (Map.Entry<Family, List<BenchmarkListEntry>> e : selection.entrySet()) {
            System.out.println(e.getKey().name() + ": " + e.getKey().description());
            for (BenchmarkListEntry b : e.getValue()) {
                System.out.println("  " + BenchmarkCatalog.describe(b));
            }
        }
        return 0;
    }
}
