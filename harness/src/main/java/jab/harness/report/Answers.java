package jab.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jab.harness.results.BenchResult;
import jab.harness.results.Comparisons;
import jab.harness.results.RunResults;
import jab.harness.stats.ForkInterval;
import jab.harness.stats.Stats;
import jab.harness.warnings.Warning;

/**
 * The answer to each question of a run (comparisons.json), in words: per question and JDK, each variant
 * against the reference with the ratio, its 95% interval over forks and the verdict ("Files.exists(p)
 * is 1.10x [1.08-1.12] faster than File.exists()"), then how each variant's interleaved score agrees
 * with its solo fork (plain JMH, the variant alone in its JVM).
 *
 * <p>Why the solo check: the variants of an interleaved fork share the JDK's code, and the JIT compiles
 * a shared method once with the profile all of them made (profile pollution), so a variant can be
 * compiled differently beside the others than alone. Where the solo score lies outside the interleaved
 * one's interval widened by its own, the ratio may not be what a program running one variant sees.
 */
public final class Answers {
    private Answers() {
    }

    /** A question's answer: a title line and a line per ratio, and the solo check's line. */
    public record Answer(String title, List<String> lines, String solo, List<Warning> warnings) {
    }

    public static List<Answer> of(RunResults run) {
        List<Answer> out = new ArrayList<>();
        Optional<Comparisons> doc = run.document(Comparisons.NAME, Comparisons.class);
        if (doc.isEmpty()) {
            return out;
        }
        for (Comparisons.Asked q : doc.get().questions()) {
            String title = q.question() + ", JDK " + q.jdk();
            if (!q.notInterleaved().isEmpty()) {
                out.add(new Answer(title, List.of("measured in separate forks, not interleaved: " + q.notInterleaved()
                        + "; see the findings below"), "", List.of()));
                continue;
            }
            if (q.forks().isEmpty()) {
                out.add(new Answer(title, List.of("no interleaved fork completed: no answer"), "", List.of()));
                continue;
            }
            List<String> lines = new ArrayList<>();
            for (Comparisons.Ratio r : q.answers()) {
                lines.add(sentence(q, r));
            }
            List<Warning> warnings = new ArrayList<>();
            out.add(new Answer(title, lines, solo(run, q, warnings), warnings));
        }
        return out;
    }

    /**
     * A question asked of several JDKs, compared on its within-fork ratios: for each later JDK and
     * each variant, how its ratio to the reference moved against the first JDK's (ratio of ratios,
     * Welch over the two JDKs' forks). The absolute scores' JDK ratios are in the findings, with the
     * wider intervals of forks measured apart.
     */
    public static List<String> acrossJdks(RunResults run) {
        List<String> out = new ArrayList<>();
        Optional<Comparisons> doc = run.document(Comparisons.NAME, Comparisons.class);
        if (doc.isEmpty()) {
            return out;
        }
        java.util.Map<String, List<Comparisons.Asked>> byQuestion = new java.util.LinkedHashMap<>();
        doc.get().questions().stream().filter(q -> q.notInterleaved().isEmpty() && !q.forks().isEmpty())
                .forEach(q -> byQuestion.computeIfAbsent(q.family() + "\n" + q.question(), k -> new ArrayList<>()).add(q));
        for (List<Comparisons.Asked> qs : byQuestion.values()) {
            Comparisons.Asked base = qs.get(0);
            for (Comparisons.Asked other : qs.subList(1, qs.size())) {
                List<String> parts = new ArrayList<>();
                for (Comparisons.Ratio r : other.answers()) {
                    if (!base.variants().contains(r.a()) || !base.reference().equals(r.b())) {
                        continue;
                    }
                    jab.harness.stats.RatioOfRatios rr = jab.harness.stats.RatioOfRatios.of(base.forkLogRatios(r.a(), r.b()),
                            other.forkLogRatios(r.a(), r.b()));
                    parts.add(String.format(Locale.ROOT, "%s %.2fx -> %.2fx (%.2fx%s)", other.detail(r.a()).name(),
                            base.ratio(r.a(), r.b()).ratio(), r.ratio(), rr.ratio(),
                            rr.hasInterval() ? String.format(Locale.ROOT, " [%.2f-%.2f]", rr.low(), rr.high()) : ", no interval"));
                }
                if (!parts.isEmpty()) {
                    out.add(String.format(Locale.ROOT, "%s, JDK %s against JDK %s, each variant's ratio to %s (the ratio of the two, "
                            + "95%% over both JDKs' forks): %s", base.question(), other.jdk(), base.jdk(),
                            base.detail(base.reference()).name(), String.join("; ", parts)));
                }
            }
        }
        return out;
    }

    /** "Files.exists(p) is 1.10x [1.08-1.12] faster than File.exists() (5 forks, 20 rounds each)". */
    static String sentence(Comparisons.Asked q, Comparisons.Ratio r) {
        String a = q.detail(r.a()).name();
        String b = q.detail(r.b()).name();
        // cost of a over b: a's time over b's, or b's throughput over a's
        double cost = q.higherIsBetter() ? 1 / r.ratio() : r.ratio();
        double lo = q.higherIsBetter() ? 1 / r.high() : r.low();
        double hi = q.higherIsBetter() ? 1 / r.low() : r.high();
        String how = String.format(Locale.ROOT, " (%d fork%s, %d rounds%s)", r.forks(), r.forks() == 1 ? "" : "s", r.rounds(),
                r.forks() >= 2 ? "" : "; one fork: the interval varies over its rounds only, so it is too narrow");
        if (Double.isNaN(lo)) {
            return String.format(Locale.ROOT, "%s costs %.2fx %s, no interval%s", a, cost, b, how);
        }
        String verdict = r.verdict();
        if (verdict.equals("the same")) {
            return String.format(Locale.ROOT, "%s and %s are the same within the band: %s costs %.2fx [%.2f-%.2f] %s%s", a, b, a, cost,
                    lo, hi, b, how);
        }
        boolean aCheaper = cost < 1;
        String fast = aCheaper ? a : b;
        String slow = aCheaper ? b : a;
        double times = aCheaper ? 1 / cost : cost;
        double tlo = aCheaper ? 1 / hi : lo;
        double thi = aCheaper ? 1 / lo : hi;
        String tail = !verdict.equals("undecided") ? "" : r.forks() < 2 ? ", undecided (one fork decides nothing)"
                : ", undecided (the interval crosses the equivalence band)";
        return String.format(Locale.ROOT, "%s is %.2fx [%.2f-%.2f] faster than %s%s%s", fast, times, tlo, thi, slow, tail, how);
    }

    /**
     * How each variant's solo result in jmh-&lt;jdk&gt;.json agrees with its interleaved score, and a
     * warning for each that does not. The yardstick is the interleaved forks' own spread: the 95%
     * prediction interval of a fork mean drawn like them (JIT decisions and the machine's state of the
     * moment vary between forks, and a solo fork measured on its own minutes apart carries both). A
     * solo score outside it means sharing the JVM changed what was measured (profile pollution).
     */
    static String solo(RunResults run, Comparisons.Asked q, List<Warning> warnings) {
        boolean smoke = run.env().map(e -> e.path("run").path("profile").asText("")).orElse("").equals("smoke");
        int compared = 0;
        List<String> differ = new ArrayList<>();
        for (Comparisons.Variant v : q.details()) {
            Optional<BenchResult> solo = run.jmh(q.jdk()).stream()
                    .filter(r -> r.benchmark().equals(v.benchmark()) && r.params().equals(v.params())).findFirst();
            double[] forks = q.forkMeans(v.label());
            if (solo.isEmpty() || !solo.get().unit().equals(v.unit()) || forks.length < 2) {
                continue;
            }
            compared++;
            double[] alone = ForkInterval.forkMeans(solo.get().rawData());
            double inter = Stats.mean(forks);
            double diff = Stats.mean(alone) / inter - 1;
            double allowed = ForkInterval.predictionRelative(forks, alone.length);
            if (Math.abs(diff) > allowed) {
                String d = String.format(Locale.ROOT, "%s: solo %.4g %s, interleaved %.4g (%+.0f%%, beyond the ±%.0f%% a fork of "
                        + "its own may vary by here)", v.name(), Stats.mean(alone), v.unit(), inter, diff * 100, allowed * 100);
                differ.add(d);
                if (smoke) {
                    continue; // a smoke run's solo fork has barely warmed up: no warning on what it only proves runs
                }
                warnings.add(new Warning(Warning.Kind.INTERLEAVED_DIFFERS, "JDK " + q.jdk() + " " + q.question(), d + ".",
                        "the variants share the JDK's code in one JVM and the JIT compiles it for all of them (profile "
                                + "pollution); read the solo figures for what a program using one variant sees, and the "
                                + "interleaved ratio for the difference between them."));
            }
        }
        if (compared == 0) {
            return "";
        }
        return differ.isEmpty()
                ? String.format(Locale.ROOT, "solo and interleaved scores agree for all %d variants (within the spread of the "
                        + "interleaved forks)", compared)
                : String.format(Locale.ROOT, "solo and interleaved scores agree for %d of %d variants; %s", compared - differ.size(),
                        compared, String.join("; ", differ));
    }


    /** Every warning of the answers: interleaved scores that differ from solo ones. */
    public static List<Warning> warnings(RunResults run) {
        return of(run).stream().flatMap(a -> a.warnings().stream()).toList();
    }
}
