package jab.harness.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import jab.harness.results.BenchResult;
import jab.harness.results.ResultSource;
import jab.harness.results.Comparison;
import jab.harness.results.RatioInterval;
import jab.harness.results.SignificanceVerdict;
import jab.harness.stats.StatTest;
import jab.harness.results.Units;

/**
 * Plain-word findings computed from a run's data: within each scenario, what the dearest variant
 * costs against the cheapest; the JVM tax over each result's proven native floor; what changed between JDKs.
 * Ratios carry a 95% interval from the raw data (delta method), written as ±percent.
 */
final class Findings {
    static final Comparison.Settings SETTINGS = new Comparison.Settings(StatTest.WELCH, 0.05, 0.05);

    private Findings() {
    }

    static List<String> of(RunData run) {
        List<String> out = new ArrayList<>();
        for (RunData.Group g : run.groups) {
            out.addAll(of(run, g));
        }
        return out;
    }

    /** The findings of one benchmark class in one mode: the terminal answer prints them per family. */
    static List<String> of(RunData run, RunData.Group g) {
        List<String> out = new ArrayList<>();
        Set<String> varying = Labels.varying(g.results());
        for (String jdk : g.jdks()) {
            for (String m : g.methods()) {
                List<BenchResult> rs = g.entries().stream().filter(e -> e.jdk().equals(jdk))
                        .map(ResultSource.Entry::result).filter(r -> r.method().equals(m)).toList();
                for (List<String> asked : asked(g, m, varying)) {
                    for (List<BenchResult> same : heldFixed(rs, asked).values()) {
                        if (same.size() >= 2) {
                            out.add(spread(g, jdk, m, same, asked));
                        }
                    }
                }
            }
            jvmTax(run, g, jdk, varying).ifPresent(out::add);
        }
        if (g.jdks().size() > 1) {
            out.addAll(jdkChanges(g));
        }
        return out;
    }

    /**
     * The params whose values a finding on this method compares: those of each question the family
     * asks of it ({@link jab.harness.family.Question}); without one, each param with several values on
     * its own. Every other param is held fixed: a finding never compares a 4 GiB heap against none.
     */
    static List<List<String>> asked(RunData.Group g, String method, Set<String> varying) {
        String benchmark = g.className() + "." + method;
        List<List<String>> out = new ArrayList<>();
        g.labels().families().ofBenchmark(g.className() + ".").ifPresent(f -> f.questions(List.of()).stream()
                .filter(q -> q.benchmarks().contains(benchmark) && !q.varying().isEmpty() && varying.containsAll(q.varying()))
                .forEach(q -> out.add(q.varying())));
        if (out.isEmpty()) {
            varying.forEach(p -> out.add(List.of(p)));
        }
        return out;
    }

    /** The results grouped by the values of every param but {@code asked}, in the order first seen. */
    private static Map<Map<String, String>, List<BenchResult>> heldFixed(List<BenchResult> rs, List<String> asked) {
        Map<Map<String, String>, List<BenchResult>> out = new LinkedHashMap<>();
        for (BenchResult r : rs) {
            Map<String, String> rest = new TreeMap<>(r.params());
            asked.forEach(rest::remove);
            out.computeIfAbsent(rest, k -> new ArrayList<>()).add(r);
        }
        return out;
    }

    /** "On JDK 17, missingFile (files=1000): Files.notExists(p) costs 3.1x File.exists() (±4%)". */
    private static String spread(RunData.Group g, String jdk, String method, List<BenchResult> rs, List<String> asked) {
        Set<String> varying = new java.util.LinkedHashSet<>(asked);
        Set<String> fixed = new java.util.TreeSet<>(Labels.varying(g.results()));
        fixed.removeAll(varying);
        String where = fixed.isEmpty() ? "" : " (" + g.labels().combo(rs.get(0), fixed) + ")";
        method = method + where;
        boolean higher = rs.get(0).higherIsBetter();
        // cost: time per op as is, ops per time inverted; cheapest first
        List<BenchResult> byCost = rs.stream().sorted(Comparator.comparingDouble(r -> higher ? -r.score() : r.score())).toList();
        BenchResult cheap = byCost.get(0);
        BenchResult dear = byCost.get(byCost.size() - 1);
        RatioInterval ri = higher ? RatioInterval.of(dear, cheap, SETTINGS.confidence())
                : RatioInterval.of(cheap, dear, SETTINGS.confidence());
        if (higher) {
            return String.format(Locale.ROOT, "%s%s.%s: %s does %s the operations per time of %s%s.", on(jdk), g.title(), method,
                    code(g.labels().combo(cheap, varying)), ratio(ri), code(g.labels().combo(dear, varying)), uncertainty(ri));
        }
        return String.format(Locale.ROOT, "%s%s.%s: %s costs %s %s%s.", on(jdk), g.title(), method,
                code(g.labels().combo(dear, varying)), ratio(ri), code(g.labels().combo(cheap, varying)), uncertainty(ri));
    }

    /**
     * Per scenario, the lowest and the highest JVM/floor ratio, each over its own proven floor (the C
     * call making the same syscalls), and how many results have no floor, so no ratio.
     */
    private static Optional<String> jvmTax(RunData run, RunData.Group g, String jdk, Set<String> varying) {
        if (!Units.isTimePerOp(g.unit())) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        int without = 0;
        for (String m : g.methods()) {
            List<Taxed> taxed = new ArrayList<>();
            for (BenchResult r : g.entries().stream().filter(e -> e.jdk().equals(jdk)).map(ResultSource.Entry::result)
                    .filter(r -> r.method().equals(m)).toList()) {
                Optional<BenchResult> floor = run.floorOf(g, jdk, r);
                if (floor.isPresent()) {
                    taxed.add(new Taxed(r, floor.get(), RatioInterval.of(floor.get(), r, SETTINGS.confidence())));
                } else {
                    without++;
                }
            }
            if (taxed.isEmpty()) {
                continue;
            }
            taxed.sort(Comparator.comparingDouble(t -> t.ratio().ratio()));
            String part = m + ": " + taxed.get(0).words(g, varying);
            if (taxed.size() > 1) {
                part += " to " + taxed.get(taxed.size() - 1).words(g, varying);
            }
            parts.add(part);
        }
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        String none = without == 0 ? "" : "; " + without + (without == 1 ? " result has" : " results have")
                + " no proven floor, so no ratio";
        return Optional.of(on(jdk) + "the JVM tax of " + g.title() + ", JVM time over the C call making the same syscalls"
                + " (lowest to highest ratio): " + String.join("; ", parts) + none + ".");
    }

    /** A JVM result over its floor. */
    private record Taxed(BenchResult jvm, BenchResult floor, RatioInterval ratio) {
        String words(RunData.Group g, Set<String> varying) {
            return (varying.isEmpty() ? "" : code(g.labels().combo(jvm, varying)) + " ") + Findings.ratio(ratio) + " "
                    + RunData.floorLabel(floor) + uncertainty(ratio);
        }
    }

    /** Each later JDK against the first, with the verdicts jab compare would give. */
    private static List<String> jdkChanges(RunData.Group g) {
        List<String> out = new ArrayList<>();
        String base = g.jdks().get(0);
        Set<String> varying = Labels.varying(g.results());
        for (String jdk : g.jdks().subList(1, g.jdks().size())) {
            List<Comparison> cs = new ArrayList<>();
            for (ResultSource.Entry e : g.entries()) {
                if (!e.jdk().equals(base)) {
                    continue;
                }
                g.entries().stream().filter(o -> o.jdk().equals(jdk) && o.result().method().equals(e.result().method())
                        && o.result().params().equals(e.result().params())).findFirst()
                        .ifPresent(o -> cs.add(Comparison.of(jdk, e.result(), o.result(), SETTINGS)));
            }
            if (cs.isEmpty()) {
                continue;
            }
            long faster = cs.stream().filter(c -> c.verdict() == SignificanceVerdict.FASTER).count();
            long slower = cs.stream().filter(c -> c.verdict() == SignificanceVerdict.SLOWER).count();
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                    "%s on JDK %s against JDK %s: %d of %d results faster, %d slower, the rest no significant change (%s, alpha %.2f, beyond %.0f%%)",
                    g.title(), jdk, base, faster, cs.size(), slower, SETTINGS.test().title, SETTINGS.alpha(), SETTINGS.threshold() * 100));
            cs.stream().filter(c -> c.verdict() == SignificanceVerdict.FASTER || c.verdict() == SignificanceVerdict.SLOWER)
                    .max(Comparator.comparingDouble(c -> Math.abs(Math.log(c.ratio().ratio()))))
                    .ifPresent(c -> sb.append(String.format(Locale.ROOT, "; the largest change: %s %s is %s, %s the score of JDK %s%s",
                            c.a().method(), code(g.labels().combo(c.a(), varying)), c.verdict().words,
                            ratio(c.ratio()), base, uncertainty(c.ratio()))));
            out.add(sb.append('.').toString());
        }
        return out;
    }

    private static String on(String jdk) {
        return jdk.isEmpty() ? "" : "On JDK " + jdk + ", ";
    }

    static String ratio(RatioInterval ri) {
        return String.format(Locale.ROOT, "%.2fx", ri.ratio());
    }

    /**
     * " (±4%)" for a tight 95% interval, the interval itself when it is wide, and a warning when it
     * includes 1x: then the data cannot tell the two apart.
     */
    static String uncertainty(RatioInterval ri) {
        if (Double.isNaN(ri.low())) {
            return " (no raw data: no interval)";
        }
        String s = ri.relativeHalfWidth() <= 0.5 ? String.format(Locale.ROOT, "±%.0f%%", ri.relativeHalfWidth() * 100)
                : String.format(Locale.ROOT, "95%% interval %.2fx to %.2fx", ri.low(), ri.high());
        if (ri.low() <= 1 && ri.high() >= 1) {
            s += "; not distinguishable from 1x at 95%, more samples needed";
        }
        return " (" + s + ")";
    }

    static String code(String s) {
        return "`" + s + "`";
    }
}
