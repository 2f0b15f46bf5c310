package jab.harness.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jab.harness.page.ConsoleText;
import jab.harness.stats.ForkInterval;

/**
 * A short table for the console at the end of a run, one per benchmark class: only the params of its
 * own results, and of those only the ones whose values differ (the same value for every row goes on
 * the title line), a JDK column only when there are several JDKs, the score with jab's fork-level
 * 95% interval. JMH's full layout ({@link ResultTable}: every param of every family, Cnt, Error)
 * stays in the run's files. When the params still make it wider than {@link ConsoleText#WIDTH},
 * each result's name and params go on a line of their own above its figures.
 */
public final class CompactTable {
    private CompactTable() {
    }

    /** A row: the name it is shown by (the method, or a native's name) and the JDK it ran on. */
    public record Row(String name, String jdk, BenchResult result) {
    }

    public static String format(String title, List<Row> rows) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        rows.forEach(r -> r.result().params().forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v)));
        List<String> varying = new ArrayList<>();
        List<String> fixed = new ArrayList<>();
        values.forEach((k, v) -> {
            if (v.size() > 1 || rows.stream().anyMatch(r -> !r.result().params().containsKey(k))) {
                varying.add(k);
            } else {
                fixed.add(k + "=" + v.iterator().next());
            }
        });
        StringBuilder sb = new StringBuilder(ConsoleText.wrap("", title + (fixed.isEmpty() ? "" : ", " + String.join(", ", fixed)) + ":"));
        List<String[]> figures = figures(rows);
        List<String[]> wide = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("Benchmark"));
        varying.forEach(p -> head.add("(" + p + ")"));
        wide.add(concat(head, figures.get(0)));
        for (int i = 0; i < rows.size(); i++) {
            List<String> cells = new ArrayList<>(List.of(rows.get(i).name()));
            Map<String, String> ps = rows.get(i).result().params();
            varying.forEach(p -> cells.add(ps.getOrDefault(p, "")));
            wide.add(concat(cells, figures.get(i + 1)));
        }
        String table = align(wide, 1 + varying.size());
        if (table.lines().allMatch(l -> ConsoleText.width(l) <= ConsoleText.WIDTH)) {
            return sb.append(table).toString();
        }
        // too wide: name and params above each result's figures
        String[] lines = align(figures, 0).split("\n");
        sb.append("  ").append(lines[0]).append('\n');
        for (int i = 0; i < rows.size(); i++) {
            Map<String, String> ps = rows.get(i).result().params();
            List<String> words = new ArrayList<>(List.of(rows.get(i).name()));
            varying.stream().filter(ps::containsKey).forEach(p -> words.add(p + "=" + ps.get(p)));
            sb.append(ConsoleText.wrap("", String.join(" ", words))).append("  ").append(lines[i + 1]).append('\n');
        }
        return sb.toString();
    }

    /** The figure columns, header first: JDK (several only), Mode (mixed only), Score, Units, the interval, Forks, B/op. */
    private static List<String[]> figures(List<Row> rows) {
        boolean jdks = rows.stream().map(Row::jdk).distinct().count() > 1;
        boolean modes = rows.stream().map(r -> r.result().mode()).distinct().count() > 1;
        boolean allocation = rows.stream().anyMatch(r -> ResultTable.allocation(r.result()).isPresent());
        List<String[]> out = new ArrayList<>();
        List<String> head = new ArrayList<>();
        if (jdks) {
            head.add("JDK");
        }
        if (modes) {
            head.add("Mode");
        }
        head.addAll(List.of("Score", "Units", "±95% (forks)", "Forks"));
        if (allocation) {
            head.add(ResultTable.BYTES_PER_OP);
        }
        out.add(head.toArray(new String[0]));
        for (Row row : rows) {
            BenchResult r = row.result();
            ForkInterval fi = ForkInterval.of(r.rawData());
            List<String> cells = new ArrayList<>();
            if (jdks) {
                cells.add(row.jdk());
            }
            if (modes) {
                cells.add(r.mode());
            }
            cells.addAll(List.of(ResultTable.number(r.score()), r.unit(), ResultTable.intervalCell(fi),
                    fi.forks() > 0 ? Integer.toString(fi.forks()) : ""));
            if (allocation) {
                cells.add(ResultTable.allocation(r).map(ResultTable::bytes).orElse(""));
            }
            out.add(cells.toArray(new String[0]));
        }
        return out;
    }

    private static String[] concat(List<String> text, String[] figures) {
        List<String> all = new ArrayList<>(text);
        all.addAll(List.of(figures));
        return all.toArray(new String[0]);
    }

    /** The first {@code textColumns} columns and Units left-aligned, figures right-aligned. */
    private static String align(List<String[]> rows, int textColumns) {
        int units = List.of(rows.get(0)).indexOf("Units");
        return ResultTable.align(rows, c -> c < textColumns || c == units);
    }
}
