package jab.harness.results;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntPredicate;

import jab.harness.stats.ForkInterval;

/**
 * Results in JMH's own text layout (Benchmark, (param) columns, Mode, Cnt, Score, Error, Units), then,
 * when JMH's gc profiler measured it, the bytes allocated per operation ({@code B/op}), then jab's
 * columns: the forks and the half-width of jab's fork-level 95% interval ({@link ForkInterval}), with a
 * legend line saying what each interval varies over.
 */
public final class ResultTable {
    private ResultTable() {
    }

    public static String format(List<BenchResult> results) {
        Set<String> paramNames = new LinkedHashSet<>();
        results.forEach(r -> paramNames.addAll(r.params().keySet()));
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("Benchmark"));
        paramNames.forEach(p -> header.add("(" + p + ")"));
        header.addAll(List.of("Mode", "Cnt", "Score", "", "Error", "Units"));
        int unitsColumn = header.size() - 1;
        // Only when some result has it: a run without the gc profiler keeps JMH's layout exactly.
        boolean allocation = results.stream().anyMatch(r -> allocation(r).isPresent());
        if (allocation) {
            header.add(BYTES_PER_OP);
        }
        header.addAll(List.of("Forks", "±95% (forks)"));
        boolean oneFork = false;
        rows.add(header.toArray(new String[0]));
        for (BenchResult r : results) {
            List<String> row = new ArrayList<>(List.of(r.shortName()));
            paramNames.forEach(p -> row.add(r.params().getOrDefault(p, "N/A")));
            boolean hasError = Double.isFinite(r.scoreError());
            row.addAll(List.of(r.mode(), r.samples() > 0 ? Long.toString(r.samples()) : "",
                    number(r.score()), hasError ? "±" : "", hasError ? number(r.scoreError()) : "", r.unit()));
            if (allocation) {
                row.add(allocation(r).map(ResultTable::bytes).orElse(""));
            }
            ForkInterval fi = ForkInterval.of(r.rawData());
            oneFork |= fi.method() == ForkInterval.Method.ITERATIONS;
            row.addAll(List.of(fi.forks() > 0 ? Integer.toString(fi.forks()) : "", intervalCell(fi)));
            rows.add(row.toArray(new String[0]));
        }
        StringBuilder sb = new StringBuilder(align(rows, c -> c == 0 || c == unitsColumn));
        sb.append(LEGEND).append(oneFork ? ONE_FORK : "").append('\n');
        return sb.toString();
    }

    /** Columns two spaces apart, each as wide as its widest cell: text left-aligned, figures right-aligned. */
    static String align(List<String[]> rows, IntPredicate leftAligned) {
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] row : rows) {
            for (int c = 0; c < cols; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                if (c > 0) {
                    line.append("  ");
                }
                line.append(pad(row[c], width[c], !leftAligned.test(c)));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    static final String LEGEND = "Error: JMH's 99.9% interval over all iterations pooled. ±95% (forks): jab's 95% interval "
            + "of the mean, t over the fork means (forks vary, not just iterations).";
    static final String ONE_FORK = " * one fork: over its iterations only, so fork-to-fork variance is unknown and the "
            + "interval too narrow.";

    /** The column of bytes allocated per operation. */
    public static final String BYTES_PER_OP = "B/op";

    /** JMH's gc profiler's figure: bytes allocated per operation (normalized allocation rate), if measured. */
    public static java.util.Optional<Double> allocation(BenchResult r) {
        java.util.OptionalDouble v = r.secondary("gc.alloc.rate.norm");
        return v.isPresent() ? java.util.Optional.of(v.getAsDouble()) : java.util.Optional.empty();
    }

    /**
     * Bytes per op as JMH prints them: one decimal below 10 (TLAB accounting leaves ~0.01 B/op of noise
     * where nothing is allocated, which must not read as a whole byte), whole bytes above.
     */
    public static String bytes(double v) {
        return Math.abs(v) < 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.0f", v);
    }

    /** "±2.1%", or "±0.8% *" when a single fork leaves only the iterations; "-" without an interval. */
    static String intervalCell(ForkInterval fi) {
        if (!fi.hasInterval()) {
            return "-";
        }
        return "±" + ForkInterval.percent(fi.relative()) + (fi.method() == ForkInterval.Method.ITERATIONS ? " *" : "");
    }

    /** A result as one table cell: the score and jab's fork-level 95% interval, "1.234 ± 2.1% (5 forks)". */
    public static String cell(BenchResult r) {
        ForkInterval fi = ForkInterval.of(r.rawData());
        return number(r.score()) + (fi.hasInterval() ? " " + fi.cell() : "");
    }

    /** JMH's number format: three decimals, more significant digits for tiny values. */
    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "INF" : "-INF";
        }
        double a = Math.abs(v);
        if (a != 0 && a < 0.001) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String pad(String s, int w, boolean right) {
        if (s.length() >= w) {
            return s;
        }
        String spaces = " ".repeat(w - s.length());
        return right ? spaces + s : s + spaces;
    }
}
