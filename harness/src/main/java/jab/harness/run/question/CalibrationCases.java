package jab.harness.run.question;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.family.Family;
import jab.harness.run.jmh.BenchmarkCatalog;
import jab.harness.run.jmh.Job;

/**
 * The questions of {@code jab calibrate}: a run's interleaved questions asked with variants whose true
 * ratios are known, measured with the same slices, forks, added forks and stop rule as the question.
 * Where the family offers a {@link Family#planted} benchmark for a question's reference, the question
 * keeps its shape (as many variants, so the same slices and rounds) and every variant is the
 * reference's own operation made {@link #BASE} times per invocation (the first half) or {@code dearer}
 * times (the rest): pairs within a half are A/A, pairs across are {@code dearer / BASE} apart. Elsewhere
 * each variant is measured against a copy of itself (A/A, two variants). Each variant's classes load
 * in a class loader of its own, as any two variants' do.
 */
public final class CalibrationCases {
    /** The label of a variant's copy in an A/A question. */
    static final String AGAIN = " again";

    /** The repeats of a planted question's cheaper half. */
    static final int BASE = 100;

    /**
     * The repeats of the dearer half, question after question: 1.05 and 1.10 beyond the ±3% band (the
     * smallest a user would want told apart, and a clear one), 1.03 on its edge, where the stop rule spends
     * its forks and is most likely to err.
     */
    static final List<Integer> DEARER = List.of(105, 103, 110);

    private CalibrationCases() {
    }

    /**
     * The calibration's questions on one JDK: a planted question for each interleaved case the family
     * can plant in (the dearer half's repeats taking {@link #DEARER} in turn), the A/A questions of the
     * other cases' variants (the first variant of every case, then the second, and so on, so the
     * families and questions mix), and again, until the questions hold at least {@code leastSame}
     * planted pairs of a true ratio of 1, every case asked at least once.
     */
    public static List<QuestionCase> of(List<QuestionCase> cases, List<BenchmarkListEntry> catalog, int leastSame) {
        List<QuestionCase> interleaved = cases.stream().filter(QuestionCase::interleaved).toList();
        Map<QuestionCase, BenchmarkListEntry> plantable = new LinkedHashMap<>();
        List<QuestionCase> copied = new ArrayList<>();
        for (QuestionCase c : interleaved) {
            plantedBenchmark(c, catalog).ifPresentOrElse(e -> plantable.put(c, e), () -> copied.add(c));
        }
        List<QuestionCase> out = new ArrayList<>();
        for (int pass = 0; ; pass++) {
            List<QuestionCase> each = new ArrayList<>();
            int i = 0;
            for (Map.Entry<QuestionCase, BenchmarkListEntry> p : plantable.entrySet()) {
                int dearer = DEARER.get((pass * plantable.size() + i++) % DEARER.size());
                each.add(planted(p.getKey(), p.getValue(), dearer, pass + 1));
            }
            each.addAll(againstThemselves(copied, pass + 1));
            if (each.isEmpty() || pass > 0 && each.stream().mapToInt(CalibrationCases::samePairs).sum() == 0) {
                return out; // nothing to ask, or more passes would add no A/A pair
            }
            for (QuestionCase c : each) {
                if (pass > 0 && out.stream().mapToInt(CalibrationCases::samePairs).sum() >= leastSame) {
                    return out;
                }
                out.add(c);
            }
        }
    }

    /** The family's planted benchmark for the case's reference, when it offers one and jab holds it. */
    static Optional<BenchmarkListEntry> plantedBenchmark(QuestionCase c, List<BenchmarkListEntry> catalog) {
        Job reference = c.variants().get(0).job();
        return reference.family().planted(reference.benchmark()).flatMap(name -> catalog.stream()
                .filter(e -> e.getUsername().equals(name) && e.getMode() == reference.entry().getMode()).findFirst());
    }

    /**
     * The case with its variants replaced by planted ones, as many: the reference's operation made
     * {@link #BASE} times per invocation by the first half, {@code dearer} times by the rest, every
     * other param as the reference's.
     */
    static QuestionCase planted(QuestionCase c, BenchmarkListEntry instrument, int dearer, int replicate) {
        QuestionCase.Variant ref = c.variants().get(0);
        Map<String, String[]> declared = BenchmarkCatalog.params(instrument);
        List<String> missing = new ArrayList<>(ref.job().params().keySet());
        missing.add(Family.PLANTED_REPEAT);
        missing.removeAll(declared.keySet());
        if (!missing.isEmpty()) {
            throw new IllegalStateException(instrument.getUsername() + " declares no param " + missing + ": a planted benchmark "
                    + "takes its reference's params and " + Family.PLANTED_REPEAT);
        }
        int n = c.variants().size();
        int cheaper = (n + 1) / 2;
        List<QuestionCase.Variant> vs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int repeat = i < cheaper ? BASE : dearer;
            char copy = (char) ('a' + (i < cheaper ? i : i - cheaper));
            Map<String, String> params = new LinkedHashMap<>(ref.job().params());
            params.put(Family.PLANTED_REPEAT, Integer.toString(repeat));
            vs.add(new QuestionCase.Variant("x" + repeat + copy, ref.name() + " x" + repeat + " (" + copy + ")",
                    new Job(ref.job().family(), instrument, Map.copyOf(params)), repeat));
        }
        String title = "planted in '" + c.title() + "': " + ref.name() + " x" + BASE + " and x" + dearer
                + (replicate > 1 ? ", replicate " + replicate : "");
        return new QuestionCase(c.question(), c.fixed(), title, List.copyOf(vs), "");
    }

    /** Each variant of the cases against a copy of itself: the first variant of every case, then the second, and so on. */
    private static List<QuestionCase> againstThemselves(List<QuestionCase> cases, int replicate) {
        List<QuestionCase> out = new ArrayList<>();
        int widest = cases.stream().mapToInt(c -> c.variants().size()).max().orElse(0);
        for (int i = 0; i < widest; i++) {
            for (QuestionCase c : cases) {
                if (i < c.variants().size()) {
                    QuestionCase aa = againstItself(c, c.variants().get(i));
                    out.add(replicate == 1 ? aa : new QuestionCase(aa.question(), aa.fixed(), aa.title() + ", replicate " + replicate,
                            aa.variants(), ""));
                }
            }
        }
        return out;
    }

    static QuestionCase againstItself(QuestionCase c, QuestionCase.Variant v) {
        QuestionCase.Variant once = new QuestionCase.Variant(v.label(), v.name(), v.job(), 1);
        QuestionCase.Variant copy = new QuestionCase.Variant(v.label() + AGAIN, v.name() + " (again)", v.job(), 1);
        return new QuestionCase(c.question(), c.fixed(), "A/A: " + v.name() + " against itself, " + c.title(), List.of(once, copy), "");
    }

    /** The pairs of planted variants with a true ratio of 1: those of equal repeats. */
    static int samePairs(QuestionCase c) {
        return c.variants().stream().filter(v -> v.planted() > 0)
                .collect(Collectors.groupingBy(QuestionCase.Variant::planted, Collectors.counting()))
                .values().stream().mapToInt(k -> (int) (k * (k - 1) / 2)).sum();
    }
}
