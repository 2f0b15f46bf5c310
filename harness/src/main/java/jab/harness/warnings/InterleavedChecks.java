package jab.harness.warnings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import jab.harness.results.Comparisons;
import jab.harness.results.RunResults;
import jab.harness.stats.CarryOver;
import jab.harness.stats.ForkSpread;
import jab.harness.stats.Outliers;
import jab.harness.stats.Trend;

/**
 * The checks jab makes on interleaved forks (comparisons.json), the same as {@link ResultChecks} makes
 * on a JMH result's iterations, with the same rules and thresholds, applied to each comparison's round
 * ratios (score a / score b of one round, per fork): drift over a fork's rounds, forks whose ratios fall
 * into two groups, outlier rounds. And one that only interleaving has: carry-over from the slice before
 * ({@link CarryOver}). Each warning counts the comparisons (or questions) checked, so the end of a run
 * says "3 of 102 comparisons".
 */
public final class InterleavedChecks {
    private InterleavedChecks() {
    }

    /** The warnings of a run's comparisons.json; none without one. */
    public static List<Warning> of(RunResults run) {
        return run.document(Comparisons.NAME, Comparisons.class).map(InterleavedChecks::of).orElse(List.of());
    }

    public static List<Warning> of(Comparisons comparisons) {
        List<Comparisons.Asked> interleaved = comparisons.questions().stream()
                .filter(q -> q.notInterleaved().isEmpty() && !q.forks().isEmpty()).toList();
        int pairs = interleaved.stream().mapToInt(q -> q.ratios().size()).sum();
        List<Warning> out = new ArrayList<>();
        List<Warning> carry = new ArrayList<>();
        int estimated = 0;
        for (Comparisons.Asked q : interleaved) {
            for (Comparisons.Ratio r : q.ratios()) {
                rounds(q, r.a(), r.b(), pairs, out);
            }
            List<CarryOver.Effect> effects = CarryOver.of(slices(q)).orElse(null);
            if (effects != null) {
                estimated++;
                carry.addAll(carryOver(q, effects, comparisons.band()));
            }
        }
        for (Warning w : carry) {
            out.add(new Warning(w.kind(), w.subject(), w.finding(), w.advice(), w.severity(), estimated));
        }
        return out;
    }

    /** Drift, bimodal forks and outlier rounds of score a / score b, each fork's round ratios in the order they ran. */
    private static void rounds(Comparisons.Asked q, String a, String b, int checked, List<Warning> out) {
        List<double[]> forks = q.forks().stream().map(f -> Arrays.stream(f.logRatios(a, b)).map(Math::exp).toArray())
                .filter(f -> f.length > 0).toList();
        String subject = "JDK " + q.jdk() + " " + q.question() + ": " + name(q, a) + " over " + name(q, b);
        Trend t = Trend.of(forks);
        if (Math.abs(t.drift()) >= ResultChecks.DRIFT && t.pValue() < ResultChecks.DRIFT_ALPHA) {
            out.add(new Warning(Warning.Kind.ROUNDS_DRIFT, subject,
                    String.format(Locale.ROOT, "the ratio moves by %+.0f%% from a fork's first round to its last (trend p %s, %d forks).",
                            t.drift() * 100, ResultChecks.p(t.pValue()), forks.size()),
                    "one of the two is still warming up or pays a cost that grows as the fork runs (heap, caches, files): "
                            + "the ratio holds for forks of this length only; give the question more warm-up rounds, or find what "
                            + "accumulates.", Math.abs(t.drift()), checked));
        }
        ForkSpread s = ForkSpread.of(forks);
        if (s.bimodal() && s.ratio() - 1 >= ResultChecks.FORK_RANGE && s.pValue() < ResultChecks.FORK_ALPHA) {
            out.add(new Warning(Warning.Kind.FORKS_BIMODAL, subject,
                    String.format(Locale.ROOT, "the forks' ratios form two groups, %d fork(s) near the low end and %d near the high "
                            + "end, from %.3f to %.3f (%.2fx apart; ANOVA p %s).", s.lowGroup(), s.forks() - s.lowGroup(), s.low(), s.high(),
                            s.ratio(), ResultChecks.p(s.pValue())),
                    "each JVM settles one of two ways (a JIT decision, a memory layout): the ratio is their mix in this run's "
                            + "forks; add forks before trusting it, and read the two levels as what a program may get.",
                    s.ratio() - 1, checked));
        }
        Outliers o = Outliers.of(forks);
        if (o.count() > 0 && Math.abs(o.geometricShift()) >= ResultChecks.OUTLIER_SHIFT) {
            out.add(new Warning(Warning.Kind.OUTLIER_ROUNDS, subject,
                    String.format(Locale.ROOT, "%d round(s) in %d fork(s) lie outside %s; the farthest is %.2fx its fork's median ratio, "
                            + "and they move the ratio (a geometric mean) by %+.1f%%.", o.count(), o.forks(), Outliers.RULE, o.worst(),
                            o.geometricShift() * 100),
                    "a pause (GC, another process) hit one variant's slice and not the other's: look for it in the fork's log; "
                            + "the ratio's interval over forks holds such rounds, so it is wider, not wrong.",
                    Math.abs(o.geometricShift()), checked));
        }
    }

    /** A warning per variant whose carry-over onto the next slice is beyond the band, with an interval that leaves out 0. */
    private static List<Warning> carryOver(Comparisons.Asked q, List<CarryOver.Effect> effects, double band) {
        List<Warning> out = new ArrayList<>();
        int variants = q.variants().size();
        for (CarryOver.Effect e : effects) {
            if (!e.significant() || !(Math.abs(e.relative()) > band)) {
                continue;
            }
            boolean slower = q.higherIsBetter() ? e.log() < 0 : e.log() > 0;
            out.add(new Warning(Warning.Kind.CARRY_OVER, "JDK " + q.jdk() + " " + q.question(),
                    String.format(Locale.ROOT, "the slice right after %s scores %+.1f%% [%+.1f%% to %+.1f%%] against a slice after another "
                                    + "variant (%s, %d slices), beyond the band ±%.0f%%; in balanced orders that falls on every other "
                                    + "variant alike, and %s's own ratios read about %.1f%% %s than they would without it.",
                            name(q, e.variant()), e.relative() * 100, Math.expm1(e.low()) * 100, Math.expm1(e.high()) * 100,
                            slower ? "slower" : "faster", e.slices(), band * 100, name(q, e.variant()),
                            Math.abs(e.log()) / variants * 100, slower ? "faster" : "slower"),
                    "the variant leaves something behind (GC debt, a cold cache, dirty pages) that the next one pays; a program "
                            + "that runs it alone pays it itself: compare the solo forks, or measure with longer slices.",
                    Math.abs(e.relative())));
        }
        return out;
    }

    /** The question's forks as {@link CarryOver} reads them: each round's slices in the order they ran. */
    private static List<List<List<CarryOver.Slice>>> slices(Comparisons.Asked q) {
        return q.forks().stream().map(f -> f.rounds().stream().map(r -> {
            List<CarryOver.Slice> round = new ArrayList<>();
            for (int i = 0; i < r.order().size(); i++) {
                round.add(new CarryOver.Slice(r.order().get(i), r.scores().get(i)));
            }
            return round;
        }).toList()).toList();
    }

    /** The variant's display name (File.exists()), its label when comparisons.json has no details. */
    private static String name(Comparisons.Asked q, String label) {
        return q.details() == null ? label
                : q.details().stream().filter(d -> d.label().equals(label)).map(Comparisons.Variant::name).findFirst().orElse(label);
    }
}
