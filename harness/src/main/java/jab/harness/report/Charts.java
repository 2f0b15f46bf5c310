package jab.harness.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jab.harness.page.ChartSpec;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultSource;
import jab.harness.stats.ForkInterval;

/**
 * The charts of one benchmark group, chosen from the shape of the data rather than per family:
 * bars per JDK (scenarios x the varying params, the 95% interval over forks as error bars), the same
 * bars grouped by JDK, and a line per series over each numeric param with several values (threads for
 * kv, chunk size for mmap). A question's variants are scored over its interleaved forks
 * ({@link jab.harness.results.RunResults#scores}); no chart divides one score by another: the ratios
 * are the answers'.
 */
final class Charts {
    private Charts() {
    }

    static List<ChartSpec> of(RunData.Group g) {
        List<ChartSpec> out = new ArrayList<>();
        Set<String> varying = Labels.varying(g.results());
        List<String> methods = g.methods();
        List<String> combos = g.results().stream().map(r -> g.labels().combo(r, varying)).distinct().toList();
        String axis = g.unit() + ", ± 95% over forks";
        for (String jdk : g.jdks()) {
            List<ChartSpec.Series> series = new ArrayList<>();
            for (String c : combos) {
                ChartSpec.Series s = new ChartSpec.Series(c);
                for (String m : methods) {
                    Optional<BenchResult> r = find(g, jdk, m, c, varying);
                    s.add(r.map(BenchResult::score).orElse(Double.NaN), r.map(Charts::error).orElse(Double.NaN));
                }
                series.add(s);
            }
            add(out, new ChartSpec("bar", g.title() + jdkSuffix(jdk), "scenario", axis, methods, series));
        }
        if (g.jdks().size() > 1) {
            List<String> labels = new ArrayList<>();
            List<String[]> keys = new ArrayList<>();
            for (String m : methods) {
                for (String c : combos) {
                    if (g.jdks().stream().anyMatch(j -> find(g, j, m, c, varying).isPresent())) {
                        labels.add(combos.size() == 1 ? m : m + " / " + c);
                        keys.add(new String[] {m, c});
                    }
                }
            }
            List<ChartSpec.Series> series = new ArrayList<>();
            for (String jdk : g.jdks()) {
                ChartSpec.Series s = new ChartSpec.Series(jdk.isEmpty() ? "JDK ?" : "JDK " + jdk);
                for (String[] k : keys) {
                    Optional<BenchResult> r = find(g, jdk, k[0], k[1], varying);
                    s.add(r.map(BenchResult::score).orElse(Double.NaN), r.map(Charts::error).orElse(Double.NaN));
                }
                series.add(s);
            }
            add(out, new ChartSpec("bar", g.title() + ": JDKs side by side", "scenario / API", axis, labels, series));
        }
        out.addAll(sweeps(g, varying));
        return out;
    }

    /** A line per (scenario, other params, JDK) over each numeric param with several values. */
    private static List<ChartSpec> sweeps(RunData.Group g, Set<String> varying) {
        List<ChartSpec> out = new ArrayList<>();
        for (String p : varying) {
            List<String> values = g.results().stream().map(r -> r.param(p)).filter(v -> v != null).distinct().toList();
            if (values.size() < 2 || !values.stream().allMatch(Labels::isNumber)) {
                continue;
            }
            List<String> xs = values.stream().sorted(Comparator.comparingDouble(Double::parseDouble)).toList();
            Set<String> others = new LinkedHashSet<>(varying);
            others.remove(p);
            Map<String, ChartSpec.Series> lines = new LinkedHashMap<>();
            for (ResultSource.Entry e : g.entries()) {
                BenchResult r = e.result();
                if (r.param(p) == null) {
                    continue;
                }
                String name = r.method() + (others.isEmpty() ? "" : " / " + g.labels().combo(r, others))
                        + (g.jdks().size() > 1 ? " / JDK " + e.jdk() : "");
                ChartSpec.Series s = lines.computeIfAbsent(name, k -> {
                    ChartSpec.Series n = new ChartSpec.Series(k);
                    xs.forEach(x -> n.add(Double.NaN, Double.NaN));
                    return n;
                });
                int i = xs.indexOf(r.param(p));
                s.values().set(i, r.score());
                s.errors().set(i, error(r));
            }
            add(out, new ChartSpec("line", g.title() + ": score by " + p, p, g.unit() + ", ± 95% over forks", xs,
                    new ArrayList<>(lines.values())));
        }
        return out;
    }

    /** Half the width of a result's 95% interval over its forks (interleaved forks for a question's variant); NaN without one. */
    private static double error(BenchResult r) {
        return ForkInterval.of(r.rawData()).halfWidth();
    }

    static Optional<BenchResult> find(RunData.Group g, String jdk, String method, String combo, Set<String> varying) {
        return g.entries().stream().filter(e -> e.jdk().equals(jdk)).map(ResultSource.Entry::result)
                .filter(r -> r.method().equals(method) && g.labels().combo(r, varying).equals(combo)).findFirst();
    }

    private static String jdkSuffix(String jdk) {
        return jdk.isEmpty() ? "" : " on JDK " + jdk;
    }

    private static void add(List<ChartSpec> out, ChartSpec c) {
        if (!c.isEmpty()) {
            out.add(c.pruned());
        }
    }
}
