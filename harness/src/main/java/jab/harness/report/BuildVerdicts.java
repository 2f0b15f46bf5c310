package jab.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import jab.harness.family.Baseline;
import jab.harness.page.Page;
import jab.harness.results.Comparisons;
import jab.harness.results.ResultTable;
import jab.harness.results.RunRecord;
import jab.harness.results.RunResults;
import jab.harness.stats.ForkInterval;
import jab.harness.stats.RatioVerdict;
import jab.harness.stats.Stats;

/**
 * The verdicts of a run that compared two builds of a user's benchmarks (or one build under two sets
 * of JVM options), one row per benchmark, params and JDK: each build's score, the head's cost over the
 * base's with its 95% interval over forks, and the verdict. One table for summary.md, the console, a
 * pull request's comment or {@code $GITHUB_STEP_SUMMARY}; the exports and {@code --fail-on-regression}
 * read the same rows.
 */
public final class BuildVerdicts {
    private BuildVerdicts() {
    }

    /**
     * One benchmark's verdict.
     *
     * @param question     the question's title: the benchmark, and its params
     * @param name         a name that stays the same from run to run of the benchmark, params and JDK,
     *                     for a tracker: "demo.WorkBenchmark.work {size=16} (JDK 17)"
     * @param base         the base's score, the mean over forks of its slices' mean (the forks' unit)
     * @param head         the head's score, likewise
     * @param ratio        the head's time per operation over the base's (a two-build run measures a
     *                     throughput benchmark in JMH's AverageTime): below 1 the head is faster, and
     *                     smaller is better
     * @param low          the 95% interval's lower end (Student's t over forks, on the log scale)
     * @param high         its upper end
     * @param forks        forks (interleaved) or pairs of forks (fork-level) it varies over
     * @param intervalOver "forks", or "rounds of one fork" (too narrow to decide anything)
     * @param verdict      the head against the base: faster, slower, the same or undecided
     * @param apart        empty when base and head shared each fork; else why they could not
     */
    public record Row(String question, String name, String jdk, double base, double head, String unit, double ratio, double low, double high,
                      int forks, String intervalOver, String verdict, String apart) {

        /** Whether the head is slower with the whole interval over forks beyond {@code limit} (0.01: 1%). */
        public boolean regression(double limit) {
            return intervalOver.equals("forks") && low > 1 + limit;
        }

        /** "1.021-1.035 (5 forks)", "1.02-1.04 (5 pairs of forks)" or "none". */
        public String intervalWords() {
            if (!Double.isFinite(low) || !Double.isFinite(high)) {
                return "none";
            }
            String over = intervalOver.equals("forks") ? forks + (apart.isEmpty() ? " fork" : " pair") + (forks == 1 ? "" : "s")
                    + (apart.isEmpty() ? "" : " of forks") : intervalOver;
            return String.format(Locale.ROOT, "%.3f-%.3f (%s)", low, high, over);
        }

        /** "slower", "the same (fork-level)". */
        public String verdictWords() {
            return verdict + (apart.isEmpty() ? "" : " (fork-level)");
        }
    }

    /** The rows of a run's comparisons.json; none when it compared no builds. */
    public static List<Row> of(RunResults run) {
        return run.document(Comparisons.NAME, Comparisons.class).map(BuildVerdicts::of).orElse(List.of());
    }

    public static List<Row> of(Comparisons doc) {
        List<Row> out = new ArrayList<>();
        for (Comparisons.Asked q : doc.questions()) {
            if (!q.variants().equals(List.of(Baseline.BASE, Baseline.HEAD)) || q.forks().isEmpty()) {
                continue;
            }
            Optional<Comparisons.Ratio> r = q.ratios().stream()
                    .filter(x -> x.a().equals(Baseline.HEAD) && x.b().equals(Baseline.BASE)).findFirst();
            if (r.isEmpty()) {
                continue;
            }
            Comparisons.Ratio x = r.get();
            Comparisons.Variant head = q.detail(Baseline.HEAD);
            String params = head.params().entrySet().stream().map(p -> p.getKey() + "=" + p.getValue())
                    .collect(java.util.stream.Collectors.joining(", "));
            out.add(new Row(q.question(), head.benchmark() + (params.isEmpty() ? "" : " {" + params + "}") + " (JDK " + q.jdk() + ")",
                    q.jdk(), Stats.mean(q.forkMeans(Baseline.BASE)), Stats.mean(q.forkMeans(Baseline.HEAD)),
                    head.unit(), x.ratio(), x.low(), x.high(), x.forks(), x.intervalOver(), x.verdict(), q.notInterleaved()));
        }
        return out;
    }

    /** The rows that fail {@code --fail-on-regression limit}. */
    public static List<Row> regressions(List<Row> rows, double limit) {
        return rows.stream().filter(r -> r.regression(limit)).toList();
    }

    /** The table and what it reads as, under a heading of {@code level}; nothing for a run that compared no builds. */
    public static void section(Page page, RunResults run, int level) {
        List<Row> rows = of(run);
        if (rows.isEmpty()) {
            return;
        }
        page.heading(level, "Head against base");
        page.paragraph(legend(run));
        table(page, rows);
    }

    /** The Markdown table of verdicts. */
    public static void table(Page page, List<Row> rows) {
        List<List<String>> cells = rows.stream().map(r -> List.of(r.question(), r.jdk(), score(r.base(), r.unit()),
                score(r.head(), r.unit()), String.format(Locale.ROOT, "%.3f", r.ratio()), r.intervalWords(), r.verdictWords())).toList();
        page.table(List.of("Benchmark", "JDK", "base", "head", "head/base", "95% interval", "verdict"), cells, 2);
    }

    /** What base and head are, and how to read a row. */
    static String legend(RunResults run) {
        JsonNode env = run.env().orElse(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
        RunRecord.Builds builds = run.record().request().builds();
        String head = Objects.requireNonNullElse(builds.benchmarks(), "");
        String base = Objects.requireNonNullElse(builds.baseline(), head);
        List<String> args = new ArrayList<>();
        env.path("jvmArgs").forEach(a -> args.add(a.asText()));
        String headArgs = String.join(" ", args);
        String baseArgs = Objects.requireNonNullElse(builds.baselineJvmArgs(), headArgs);
        String baseJdk = builds.baselineJdk() == null ? "" : " on the JDK in " + builds.baselineJdk();
        double band = run.document(Comparisons.NAME, Comparisons.class).map(Comparisons::band).orElse(RatioVerdict.DEFAULT_BAND);
        return "base: " + base + (baseArgs.isEmpty() ? "" : " with " + baseArgs) + baseJdk + "; head: " + head
                + (headArgs.isEmpty() ? "" : " with " + headArgs) + ". head/base is the head's time per operation over the base's "
                + "(a throughput benchmark runs in JMH's AverageTime, the same loop with the inverse score): below 1 the head is "
                + "faster, and smaller is better. Base and head ran interleaved in each fork, in slices of one JMH iteration in orders balanced for carry-over, each build in its own class "
                + "loader; the 95% interval is Student's t over forks of each fork's mean log-ratio over its rounds. Fork-level: the "
                + "two could not share a JVM, so each replicate is a fork of each, back to back in alternating order, its rounds "
                + "pairing their i-th iterations; its interval varies over such pairs, and holds what changes between two JVMs. "
                + "Verdict: faster or slower when the whole interval lies beyond ±" + ForkInterval.percent(band) + ", the same "
                + "when it lies within, undecided otherwise (more forks could decide it, or the budget ran out).";
    }

    private static String score(double v, String unit) {
        return Double.isFinite(v) ? ResultTable.number(v) + " " + unit : "-";
    }
}
