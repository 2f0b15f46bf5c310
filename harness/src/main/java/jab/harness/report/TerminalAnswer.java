package jab.harness.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.page.ConsoleText;
import jab.harness.results.BenchResult;
import jab.harness.results.CompactTable;
import jab.harness.results.Comparisons;
import jab.harness.results.PairAnswers;
import jab.harness.results.ResultSource;
import jab.harness.results.RunResults;

/**
 * What {@code jab run} prints at its end: each question's answer ({@link Answers}), then per family
 * its answers measured outside JMH ({@link Family#answers}), the JVM tax of each question with an
 * in-process floor (read from its answer, {@link PairAnswers}) and one {@link CompactTable} per
 * benchmark class, each variant of a question scored over its
 * interleaved forks ({@link RunResults#scores}); then the native baselines and other timings the same
 * way. No line here draws a second ratio between two variants of a question: the answer is the one.
 * Every line fits {@link ConsoleText#WIDTH} columns; JMH's full tables are in the run's files (and on
 * the console with --verbose).
 */
public final class TerminalAnswer {
    /** Where results of no family go (a benchmark outside every family's package). */
    static final String OTHER = "other benchmarks";

    private TerminalAnswer() {
    }

    public static String of(Path runDir, RunResults results, FamilySet families) {
        StringBuilder sb = new StringBuilder();
        for (Answers.Answer a : Answers.of(results)) {
            sb.append('\n').append(ConsoleText.wrap("", a.title() + ":"));
            a.lines().forEach(l -> sb.append(ConsoleText.wrap("- ", l)));
            if (!a.solo().isEmpty()) {
                sb.append(ConsoleText.wrap("- solo: ", a.solo()));
            }
        }
        Answers.acrossJdks(results).forEach(l -> sb.append('\n').append(ConsoleText.wrap("", l)));
        String tally = Answers.tally(results);
        if (!tally.isEmpty()) {
            sb.append('\n').append(ConsoleText.wrap("", tally));
            String howToRead = Answers.howToRead(results);
            if (!howToRead.isEmpty()) {
                sb.append(ConsoleText.wrap("", howToRead + "."));
            }
        }
        Map<String, Map<List<String>, List<CompactTable.Row>>> byFamily = new LinkedHashMap<>();
        Map<String, List<String>> outsideJmh = new LinkedHashMap<>();
        families.of(results).forEach(f -> {
            byFamily.put(f.name(), new LinkedHashMap<>());
            outsideJmh.put(f.name(), f.answers(results));
        });
        for (String jdk : results.jdkIds()) {
            for (BenchResult r : results.scores(jdk)) {
                String className = r.benchmark().substring(0, r.benchmark().lastIndexOf('.'));
                String family = families.ofBenchmark(r.benchmark()).map(Family::name).orElse(OTHER);
                byFamily.computeIfAbsent(family, k -> new LinkedHashMap<>())
                        .computeIfAbsent(List.of(className, r.mode()), k -> new ArrayList<>()).add(new CompactTable.Row(r.method(), jdk, r));
            }
        }
        List<Comparisons.Asked> questions = results.document(Comparisons.NAME, Comparisons.class).map(Comparisons::questions)
                .orElse(List.of());
        byFamily.forEach((family, tables) -> {
            List<String> answers = outsideJmh.getOrDefault(family, List.of());
            if (tables.isEmpty() && answers.isEmpty()) {
                return;
            }
            sb.append('\n').append(family).append(":\n");
            answers.forEach(a -> sb.append(ConsoleText.wrap("- ", a)));
            questions.stream().filter(q -> q.family().equals(family)).forEach(q -> {
                String tax = PairAnswers.taxLine(q);
                if (!tax.isEmpty()) {
                    sb.append(ConsoleText.wrap("- ", "On JDK " + q.jdk() + ", " + q.question() + ": " + tax));
                }
            });
            tables.forEach((key, rows) -> sb.append('\n').append(CompactTable.format(
                    key.get(0).substring(key.get(0).lastIndexOf('.') + 1) + ", " + key.get(1), sameVariantTogether(rows))));
        });
        ResultSource in = ResultSource.of(runDir, results);
        outside(sb, in, ResultSource.NATIVE, "native baselines (the same work from C, measured in this run)");
        outside(sb, in, ResultSource.TIMINGS, "other timings (not native floors)");
        if (sb.length() > 0) {
            sb.append('\n').append(ConsoleText.wrap("", "Score: a question's variant over its interleaved forks (the mean of each "
                    + "fork's slices), any other result over its JMH forks. ±95% (forks): jab's 95% interval of that mean, Student's t "
                    + "over the fork means (forks vary, not just iterations); * one fork: over its iterations only, so too narrow. "
                    + "JMH's full tables of its own forks (a question's solo forks among them), with its own Error (99.9%, "
                    + "iterations pooled), are in jmh-<jdk>.log and summary.md, and on the console with --verbose."));
        }
        return sb.toString();
    }

    /** The results measured outside JMH, one table: named without their "native." prefix. */
    private static void outside(StringBuilder sb, ResultSource in, String kind, String title) {
        List<CompactTable.Row> rows = in.entries().stream().filter(e -> e.jdk().equals(kind))
                .map(e -> new CompactTable.Row(e.result().benchmark().replaceFirst("^" + ResultSource.NATIVE + "\\.", ""), "", e.result()))
                .toList();
        if (!rows.isEmpty()) {
            sb.append('\n').append(CompactTable.format(title, rows));
        }
    }

    /** Each variant's JDKs on adjacent rows, in the order the first JDK ran them. */
    private static List<CompactTable.Row> sameVariantTogether(List<CompactTable.Row> rows) {
        List<List<Object>> order = new ArrayList<>();
        rows.forEach(r -> {
            List<Object> key = List.of(r.name(), r.result().params());
            if (!order.contains(key)) {
                order.add(key);
            }
        });
        List<CompactTable.Row> out = new ArrayList<>(rows);
        out.sort(Comparator.comparingInt(r -> order.indexOf(List.of(r.name(), r.result().params()))));
        return out;
    }
}
