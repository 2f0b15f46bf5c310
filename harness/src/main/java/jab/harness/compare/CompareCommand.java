package jab.harness.compare;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import jab.harness.UsageException;
import jab.harness.results.Comparisons;
import jab.harness.results.ResultSource;
import jab.harness.results.Comparison;
import jab.harness.results.SignificanceVerdict;
import jab.harness.stats.StatTest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Compares two runs (run directories or JMH JSON files from any JMH run), or the JDKs or a param's",
            "values inside one run. Results are matched by benchmark, mode and params (and JDK); each gets the",
            "scores, the ratio B/A with its confidence interval, a test on the raw per-iteration data, and a",
            "verdict: faster, slower or no significant change (p < alpha AND B/A's whole interval beyond the threshold).",
            "Two runs with interleaved questions (comparisons.json) are compared first on their within-run ratios, which a",
            "machine drifting between the runs does not move.",
            "Better is higher for ops/time units and lower for time/op units."},
        footer = {"", "Examples:",
            "  ./jab compare results/RUN-A results/RUN-B",
            "  ./jab compare /tmp/A /tmp/B      folders of repeated runs (jab run --out /tmp/A, n times): the run is the unit",
            "  ./jab compare old.json new.json --threshold 10%% --fail-on-regression    (exit 1 on a slowdown)",
            "  ./jab compare results/RUN --by jdk                 each JDK against the run's first",
            "  ./jab compare results/RUN --by param=api           each api against the first api",
            "", "Exit: 0 compared (or nothing in common), 1 a regression with --fail-on-regression, 2 bad input."})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..2", paramLabel = "A [B]", description = "run directories, folders of repeated runs, or JMH JSON files; one with --by")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--by", paramLabel = "jdk|param=NAME", description = "compare inside one run: JDKs, or the values of a param")
    String by;

    @Option(names = "--threshold", paramLabel = "PCT", defaultValue = "5%",
            description = "smallest change that counts, e.g. 5%% or 0.05 (default: ${DEFAULT-VALUE})")
    String threshold;

    @Option(names = "--alpha", paramLabel = "P", defaultValue = "0.05", description = "significance level of the test (default: ${DEFAULT-VALUE})")
    double alpha;

    @Option(names = "--test", paramLabel = "welch|mann-whitney", defaultValue = "welch",
            description = "the two-sample test on the fork means (default: ${DEFAULT-VALUE})")
    String test;

    @Option(names = "--fail-on-regression", description = "exit 1 when a result is significantly slower beyond the threshold")
    boolean failOnRegression;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Comparison.Settings settings = new Comparison.Settings(StatTest.parse(test), checkAlpha(alpha), parseThreshold(threshold));
        Matching m;
        String header;
        List<ResultSource> runs = new ArrayList<>(); // A and B when two runs are compared, for the machine's control
        boolean byRun = false;
        if (by != null) {
            if (inputs.size() != 1) {
                throw new UsageException("--by compares inside ONE run; got " + inputs.size() + " inputs");
            }
            ResultSource run = ResultSource.load(inputs.get(0));
            byRun = run.byRun();
            m = Within.by(run, by);
            out.println("Run: " + run.path() + side(run));
            out.println("A: the first " + (by.equalsIgnoreCase("jdk") ? "JDK (" + run.jdks().get(0) + ")" : "value of the param")
                    + "; B: each other one, all else equal");
            header = by.equalsIgnoreCase("jdk") ? "JDK" : "A -> B";
        } else {
            if (inputs.size() != 2) {
                throw new UsageException("compare needs two inputs A and B (or one with --by jdk|param=NAME)");
            }
            ResultSource a = ResultSource.load(inputs.get(0));
            ResultSource b = ResultSource.load(inputs.get(1));
            if (a.byRun() != b.byRun()) {
                throw new UsageException("compare repeated runs with repeated runs: " + (a.byRun() ? a : b).path()
                        + " is a folder of " + (a.byRun() ? a : b).repeated().size() + " runs, " + (a.byRun() ? b : a).path()
                        + " one run (its forks and a run's mean are not samples of the same thing)");
            }
            byRun = a.byRun();
            m = Matching.of(a, b);
            runs.add(a);
            runs.add(b);
            out.println("A: " + a.path() + side(a));
            out.println("B: " + b.path() + side(b));
            header = "JDK";
        }
        out.println(byRun ? describeByRun(settings) : describe(settings));
        out.println();
        if (m.pairs.isEmpty()) {
            out.println("Nothing in common: no result of B has the benchmark, mode and params of a result of A.");
            unmatched(out, m);
            return 0;
        }
        if (runs.size() == 2) {
            List<String> ratios = RatioChanges.lines(comparisons(runs.get(0)), comparisons(runs.get(1)));
            if (!ratios.isEmpty()) {
                ratios.forEach(out::println);
                out.println();
                out.println("Absolute scores (each run's own, so they move with the machine's state at each run, unlike the ratios above):");
            }
        }
        List<Comparison> cs = new ArrayList<>();
        for (Matching.Pair p : m.pairs) {
            cs.add(Comparison.of(p.jdk(), p.a(), p.b(), settings, byRun));
        }
        out.print(CompareTable.format(cs, header));
        out.println();
        long slower = count(cs, SignificanceVerdict.SLOWER);
        out.println(counts(cs));
        if (runs.size() == 2) {
            List<String> machine = MachineControl.lines(runs.get(0), runs.get(1), cs);
            if (!machine.isEmpty()) {
                out.println();
                machine.forEach(out::println);
            }
        }
        unmatched(out, m);
        out.flush();
        return failOnRegression && slower > 0 ? 1 : 0;
    }

    private static java.util.Optional<Comparisons> comparisons(ResultSource in) {
        return in.run().flatMap(r -> r.document(Comparisons.NAME, Comparisons.class));
    }

    /** " (machine: ...)", with the number of runs for a folder of repeated runs. */
    private static String side(ResultSource in) {
        return " (" + (in.byRun() ? in.repeated().size() + " runs; " : "") + "machine: " + in.machine() + ")";
    }

    static String describe(Comparison.Settings s) {
        return String.format(Locale.ROOT, "Test: %s on the fork means (two-sided, alpha %s): forks are the unit of replication, "
                + "so fork-to-fork variance counts; where a side has one fork, on its iterations (column Over). Threshold %s%%. "
                + "B/A is the ratio of mean scores with its %s%% confidence interval over the same samples; faster/slower needs "
                + "p < alpha and the whole interval beyond the threshold (Criterion.rs's rule).", s.test().title, trim(s.alpha()), trim(s.threshold() * 100),
                trim(s.confidence() * 100));
    }

    static String describeByRun(Comparison.Settings s) {
        return String.format(Locale.ROOT, "Test: %s on the runs' means (two-sided, alpha %s): each side is a folder of repeated "
                + "runs, and the unit of replication is the run (each run's mean of its fork means), so run-to-run variance, "
                + "the largest on a shared host, counts (Kalibera and Jones). Score A and B: the mean over the runs. Threshold %s%%. "
                + "B/A with its %s%% confidence interval over the same samples; faster/slower needs p < alpha and the whole "
                + "interval beyond the threshold (Criterion.rs's rule).", s.test().title, trim(s.alpha()), trim(s.threshold() * 100),
                trim(s.confidence() * 100));
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static void unmatched(PrintWriter out, Matching m) {
        list(out, "Only in A", m.onlyA);
        list(out, "Only in B", m.onlyB);
    }

    private static void list(PrintWriter out, String title, List<ResultSource.Entry> es) {
        if (es.isEmpty()) {
            return;
        }
        out.println();
        out.println(title + " (" + es.size() + ", not compared):");
        for (ResultSource.Entry e : es) {
            String params = CompareTable.params(e.result());
            out.println("  " + e.result().benchmark() + (params.isEmpty() ? "" : " " + params) + " " + e.result().mode()
                    + (e.jdk().isEmpty() ? "" : " [" + e.jdk() + "]"));
        }
    }

    /** "29 compared: 4 faster, 6 slower, 19 no significant change". */
    static String counts(List<Comparison> cs) {
        long notTested = count(cs, SignificanceVerdict.NOT_TESTED);
        return String.format(Locale.ROOT, "%d compared: %d faster, %d slower, %d no significant change%s", cs.size(),
                count(cs, SignificanceVerdict.FASTER), count(cs, SignificanceVerdict.SLOWER), count(cs, SignificanceVerdict.NO_CHANGE),
                notTested > 0 ? ", " + notTested + " not tested (fewer than 2 raw samples)" : "");
    }

    private static long count(List<Comparison> cs, SignificanceVerdict v) {
        return cs.stream().filter(c -> c.verdict() == v).count();
    }

    static double checkAlpha(double a) {
        if (!(a > 0 && a < 1)) {
            throw new UsageException("--alpha " + a + ": must be between 0 and 1");
        }
        return a;
    }

    /** "5%", "0.05" and "5" all mean five percent. */
    public static double parseThreshold(String s) {
        String t = s.trim();
        try {
            boolean pct = t.endsWith("%");
            double v = Double.parseDouble(pct ? t.substring(0, t.length() - 1) : t);
            double f = pct || v >= 1 ? v / 100 : v;
            if (!(f >= 0 && f < 10)) {
                throw new NumberFormatException();
            }
            return f;
        } catch (NumberFormatException e) {
            throw new UsageException("--threshold " + s + ": expected a percentage such as 5% or 0.05");
        }
    }
}
