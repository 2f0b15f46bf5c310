package jab.harness.toy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Measurement;
import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.harness.family.Subcommand;
import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.NativeResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A family defined only in test sources, found through the test class path's
 * META-INF/services/jab.harness.family.Family: its benchmark (jab.bench.toy), a command under the
 * shared verb {@code verify}, {@code jab run} options (one makes its iterations long, so a fork can
 * be caught in the middle of one), a measurement with a side document and a
 * note, a label, and its own section. Nothing in the harness's main sources knows it.
 */
public final class ToyFamily implements Family {
    static final String DOCUMENT = "toy-greeting";

    /** What the toy's option of {@code jab run} sets. */
    static final class Options {
        @Option(names = "--toy-greeting", paramLabel = "TEXT", description = "what the toy family writes into its section")
        String greeting = "no greeting";

        @Option(names = "--toy-iteration", paramLabel = "TIME", description = "how long a measurement iteration lasts, e.g. 10min")
        String iteration = "50ms";
    }

    /** The toy's side document. */
    record Greeting(String text, List<String> jdks) {
    }

    /** {@code jab verify toy}. */
    @Command(name = "toy", mixinStandardHelpOptions = true, description = "Says that the toy family's command was found.")
    static final class VerifyToy implements Callable<Integer> {
        @Override
        public Integer call() {
            System.out.println("toy: verified");
            return 0;
        }
    }

    private final Options options = new Options();

    @Override
    public String name() {
        return "toy";
    }

    @Override
    public String description() {
        return "a family that exists only in the tests (sums of small arrays)";
    }

    @Override
    public JmhSettings settings(Profile profile) {
        return JmhSettings.of(1, 1, "50ms", 2, options.iteration);
    }

    @Override
    public Object runOptions() {
        return options;
    }

    @Override
    public Measurement measureBeforeJmh(RunContext ctx) {
        List<String> jdks = ctx.jdks().stream().map(j -> j.id()).toList();
        List<double[]> forks = new ArrayList<>();
        forks.add(new double[] {1.0, 2.0, 3.0});
        return Measurement.builder()
                .document(DOCUMENT, new Greeting(options.greeting, jdks))
                .timings(List.of(new NativeResult("toy.countToThree", "avgt", "us/op", NativeResult.params("size", "8"), forks,
                        "the toy's own timing")))
                .note("the toy family ran with sizes " + String.join(",", ctx.param("size")))
                .build();
    }

    @Override
    public void section(RunResults run, Page page, int level) {
        page.heading(level, "toy: sums of small arrays");
        run.document(DOCUMENT, Greeting.class).ifPresent(g -> page.paragraph("The toy says: " + g.text()));
        List<List<String>> rows = new ArrayList<>();
        for (String jdk : run.jdkIds()) {
            for (BenchResult r : RunResults.filter(run.jmh(jdk), r -> r.benchmark().startsWith(benchmarkPackage()))) {
                rows.add(List.of(jdk, r.param("size"), ResultTable.cell(r)));
            }
        }
        page.table(List.of("JDK", "size", "ns/op"), rows, 2);
    }

    @Override
    public Optional<String> label(String param, String value) {
        return param.equals("size") ? Optional.of(value + " ints") : Optional.empty();
    }

    @Override
    public List<Subcommand> subcommands() {
        return List.of(Subcommand.under("verify", "Shows what a family's benchmarks really do.", new VerifyToy()));
    }
}
