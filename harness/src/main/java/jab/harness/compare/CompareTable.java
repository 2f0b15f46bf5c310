package jab.harness.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.Comparison;
import jab.harness.stats.ForkInterval;
import jab.harness.results.RatioInterval;
import jab.harness.results.SignificanceVerdict;

/** Comparisons as a text table, one line per result, the verdict last so it reads like a sentence. */
public final class CompareTable {
    private CompareTable() {
    }

    public static String format(List<Comparison> cs, String jdkHeader) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Benchmark", "(params)", jdkHeader, "Mode", "Units", "Score A", "Score B", "B/A",
            cs.isEmpty() ? "CI" : String.format(Locale.ROOT, "%.0f%% CI", cs.get(0).settings().confidence() * 100), "p", "Over",
            "Verdict"});
        for (Comparison c : cs) {
            rows.add(new String[] {name(c.a()), params(c.a()), c.label(), c.a().mode(), c.a().unit(),
                ResultTable.number(c.a().score()), ResultTable.number(c.b().score()),
                String.format(Locale.ROOT, "%.3f", c.ratio().ratio()), interval(c.ratio()), pValue(c.pValue()), over(c),
                c.verdict().words + change(c)});
        }
        return layout(rows);
    }

    /** Class.method as JMH prints it; native baselines keep their full name (native.fs.stat.missingFile). */
    static String name(BenchResult r) {
        return r.benchmark().startsWith("native.") ? r.benchmark() : r.shortName();
    }

    public static String params(BenchResult r) {
        return r.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    }

    static String interval(RatioInterval r) {
        return Double.isNaN(r.low()) ? "-" : String.format(Locale.ROOT, "[%.3f, %.3f]", r.low(), r.high());
    }

    static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "-";
        }
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    /** What the test varied over: "3+3 runs" (repeated runs), "3+5 forks", or "iterations (1 fork)" when a side had a single fork. */
    static String over(Comparison c) {
        int fa = ForkInterval.forkMeans(c.a().rawData()).length;
        int fb = ForkInterval.forkMeans(c.b().rawData()).length;
        if (c.unit().equals(Comparison.RUNS)) {
            return fa + "+" + fb + " runs";
        }
        return c.unit().equals(Comparison.FORKS) ? fa + "+" + fb + " forks" : "iterations (" + Math.min(fa, fb) + " fork)";
    }

    /** " (score +20.1%)" beside a verdict of faster or slower, so its size is read with the word. */
    private static String change(Comparison c) {
        if (c.verdict() != SignificanceVerdict.FASTER && c.verdict() != SignificanceVerdict.SLOWER) {
            return "";
        }
        return String.format(Locale.ROOT, " (score %+.1f%%)", (c.ratio().ratio() - 1) * 100);
    }

    static String layout(List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] w = new int[cols];
        for (String[] r : rows) {
            for (int i = 0; i < cols; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < cols; i++) {
                boolean right = i >= 5 && i <= 9;
                String cell = right ? " ".repeat(w[i] - r[i].length()) + r[i] : r[i] + " ".repeat(w[i] - r[i].length());
                line.append(i == 0 ? "" : "  ").append(cell);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
