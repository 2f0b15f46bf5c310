package jab.harness.results;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Results in JMH's own text layout: Benchmark, (param) columns, Mode, Cnt, Score, Error, Units. */
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
        rows.add(header.toArray(new String[0]));
        for (BenchResult r : results) {
            List<String> row = new ArrayList<>(List.of(r.shortName()));
            paramNames.forEach(p -> row.add(r.params().getOrDefault(p, "N/A")));
            boolean hasError = Double.isFinite(r.scoreError());
            row.addAll(List.of(r.mode(), r.samples() > 0 ? Long.toString(r.samples()) : "",
                    number(r.score()), hasError ? "±" : "", hasError ? number(r.scoreError()) : "", r.unit()));
            rows.add(row.toArray(new String[0]));
        }
        int cols = header.size();
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
                boolean left = c == 0 || c == cols - 1;
                line.append(left ? pad(row[c], width[c], false) : pad(row[c], width[c], true));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    /** A result as one table cell: JMH's score and its 99.9% error, "1.234 ± 0.056". */
    public static String cell(BenchResult r) {
        return number(r.score()) + (Double.isFinite(r.scoreError()) ? " ± " + number(r.scoreError()) : "");
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
