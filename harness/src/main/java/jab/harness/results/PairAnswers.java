package jab.harness.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The answer of a pair of a question's variants, read where a table needs it, so a table and the
 * answer are one number with one interval: any two variants ({@link #of(RunResults, String, BenchResult,
 * BenchResult)}), or the JVM tax of a question that holds an in-process floor (a variant labelled
 * {@code syscall:...}, the bare syscall through JNI in the same fork): each other variant's cost over
 * the floor. A pair no question holds gets no ratio. The C floors
 * measured in processes of their own are a table of their own; no ratio divides a JVM score by them
 * here, since the two were never measured at the same moments.
 */
public final class PairAnswers {
    public static final String FLOOR_PREFIX = "syscall:";

    private PairAnswers() {
    }

    /**
     * A variant's cost over another as the answer gives it, in time per operation: 1.20x [1.17-1.24],
     * over {@code forks} forks (one fork: an interval over its rounds only, too narrow to decide on).
     */
    public record Cost(String variant, double cost, double low, double high, int forks) {
        public String words() {
            String one = forks < 2 ? " (one fork)" : "";
            return Double.isNaN(low) ? String.format(Locale.ROOT, "%.2fx (no interval)", cost)
                    : String.format(Locale.ROOT, "%.2fx [%.2f-%.2f]%s", cost, low, high, one);
        }

        /** Whether the interval varies over forks, so a verdict may be drawn on it. */
        public boolean overForks() {
            return forks >= 2 && !Double.isNaN(low);
        }
    }

    /** The question's in-process floor, when it has one. */
    public static Optional<Comparisons.Variant> floor(Comparisons.Asked q) {
        return q.details().stream().filter(v -> v.label().startsWith(FLOOR_PREFIX)).findFirst();
    }

    /** Each other variant over the floor, in the question's order; empty without a floor or forks. */
    public static List<Cost> taxes(Comparisons.Asked q) {
        List<Cost> out = new ArrayList<>();
        Optional<Comparisons.Variant> floor = floor(q);
        if (floor.isEmpty() || q.forks().isEmpty()) {
            return out;
        }
        for (Comparisons.Variant v : q.details()) {
            if (!v.equals(floor.get())) {
                cost(q, v.label(), floor.get().label()).ifPresent(out::add);
            }
        }
        return out;
    }

    /**
     * A result's cost over the in-process floor of the interleaved question of its JDK that holds it
     * as a variant; empty when no such question has a floor (or an answer).
     */
    public static Optional<Cost> tax(RunResults run, String jdk, BenchResult r) {
        for (Comparisons.Asked q : interleaved(run, jdk)) {
            Optional<Comparisons.Variant> floor = floor(q);
            Optional<Comparisons.Variant> v = variant(q, r);
            if (floor.isPresent() && v.isPresent() && !v.get().equals(floor.get())) {
                return cost(q, v.get().label(), floor.get().label());
            }
        }
        return Optional.empty();
    }

    /**
     * a's cost over b as the answer of the interleaved question of their JDK that holds both gives it;
     * empty when none does.
     */
    public static Optional<Cost> of(RunResults run, String jdk, BenchResult a, BenchResult b) {
        for (Comparisons.Asked q : interleaved(run, jdk)) {
            Optional<Comparisons.Variant> va = variant(q, a);
            Optional<Comparisons.Variant> vb = variant(q, b);
            if (va.isPresent() && vb.isPresent()) {
                return cost(q, va.get().label(), vb.get().label());
            }
        }
        return Optional.empty();
    }

    private static List<Comparisons.Asked> interleaved(RunResults run, String jdk) {
        return run.document(Comparisons.NAME, Comparisons.class).map(Comparisons::questions).orElse(List.of()).stream()
                .filter(q -> q.jdk().equals(jdk) && q.notInterleaved().isEmpty() && !q.forks().isEmpty()).toList();
    }

    private static Optional<Comparisons.Variant> variant(Comparisons.Asked q, BenchResult r) {
        return q.details().stream().filter(d -> d.benchmark().equals(r.benchmark()) && d.params().equals(r.params())).findFirst();
    }

    /**
     * The answer for a against b as a's cost over b's (time per operation; inverted for throughput),
     * whichever way round comparisons.json holds the pair.
     */
    public static Optional<Cost> cost(Comparisons.Asked q, String a, String b) {
        for (Comparisons.Ratio r : q.ratios()) {
            boolean straight = r.a().equals(a) && r.b().equals(b);
            if (straight || r.a().equals(b) && r.b().equals(a)) {
                boolean invert = straight == q.higherIsBetter();
                double x = invert ? 1 / r.ratio() : r.ratio();
                double lo = invert ? 1 / r.high() : r.low();
                double hi = invert ? 1 / r.low() : r.high();
                return Optional.of(new Cost(q.detail(a).name(), x, lo, hi, r.forks()));
            }
        }
        return Optional.empty();
    }

    /** "the JVM tax over stat(2) from the fork (JNI), from the answer: File.exists() 1.20x [1.17-1.24]; ...", or "". */
    public static String taxLine(Comparisons.Asked q) {
        List<Cost> taxes = taxes(q);
        if (taxes.isEmpty()) {
            return "";
        }
        List<String> parts = taxes.stream().map(t -> t.variant() + " " + t.words()).toList();
        return "the JVM tax, each variant's time over " + floor(q).orElseThrow().name() + " in the same forks (the answer's ratio "
                + "and 95% interval): " + String.join("; ", parts);
    }
}
