package jab.harness.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jab.harness.family.FamilySet;
import jab.harness.page.ConsoleText;
import jab.harness.results.CompactTable;
import jab.harness.results.ResultSource;
import jab.harness.results.RunResults;

/**
 * What {@code jab run} prints at its end: each question's answer ({@link Answers}), then per family, the findings (within each scenario and
 * JDK, the dearest choice against the cheapest, with the ratio and its interval: the same sentences
 * as report.md, from {@link Findings}), then one {@link CompactTable} per benchmark class; then the
 * native baselines and other timings the same way. Every line fits {@link ConsoleText#WIDTH} columns;
 * JMH's full tables are in the run's files (and on the console with --verbose).
 */
public final class TerminalAnswer {
    /** Where results of no family go (a benchmark outside every family's package). */
    static final String OTHER = "other benchmarks";

    private TerminalAnswer() {
    }

    public static String of(Path runDir, RunResults results, FamilySet families) {
        ResultSource in = ResultSource.of(runDir, results);
        RunData run = new RunData(in, families);
        Map<String, List<RunData.Group>> byFamily = new LinkedHashMap<>();
        in.run().ifPresent(r -> families.of(r).forEach(f -> byFamily.put(f.name(), new ArrayList<>())));
        run.groups.forEach(g -> byFamily.computeIfAbsent(g.family().orElse(OTHER), k -> new ArrayList<>()).add(g));
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
        }
        byFamily.forEach((family, groups) -> {
            if (groups.isEmpty()) {
                return;
            }
            sb.append('\n').append(family).append(":\n");
            // Markdown's code marks (`File.exists()`) read as noise on a console
            groups.forEach(g -> Findings.of(run, g).forEach(f -> sb.append(ConsoleText.wrap("- ", f.replace("`", "")))));
            for (RunData.Group g : groups) {
                List<CompactTable.Row> rows = g.entries().stream()
                        .map(e -> new CompactTable.Row(e.result().method(), e.jdk(), e.result())).toList();
                sb.append('\n').append(CompactTable.format(Labels.simpleName(g.className()) + ", " + g.mode(), sameVariantTogether(rows)));
            }
        });
        outside(sb, in, ResultSource.NATIVE, "native baselines (the same work from C, measured in this run)");
        outside(sb, in, ResultSource.TIMINGS, "other timings (not native floors)");
        if (sb.length() > 0) {
            sb.append('\n').append(ConsoleText.wrap("", "±95% (forks): jab's 95% interval of the mean, Student's t over the fork "
                    + "means (forks vary, not just iterations); * one fork: over its iterations only, so too narrow. JMH's full "
                    + "tables, with its own Error (99.9%, iterations pooled), are in jmh-<jdk>.log and summary.md, and on the "
                    + "console with --verbose."));
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
