package jab.harness.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Each result of a JDK as the run's tables show it: a variant of an interleaved question scored over
 * its interleaved forks (each fork's slices one fork of raw data, so the fork-level interval varies
 * over those forks), everything else as JMH measured it. A question's solo fork is a cross-check of
 * its answer, one JVM deep: no table shows it as the variant's score, so no table can disagree with
 * the answer drawn from the same forks. Nor does a table need one: a variant no solo fork measured (its
 * question had no solo round, as in a build's first run, whose traces take the solo rounds' time) is a
 * result of its own, scored over its interleaved forks all the same.
 */
final class InterleavedScores {
    private InterleavedScores() {
    }

    /** {@code jvmVersion}: the JDK's full version ("17.0.15+6-Debian-1deb12u1"), for a JDK with no JMH result to take it from. */
    static List<BenchResult> of(List<BenchResult> jmh, String jdk, String jvmVersion, Optional<Comparisons> doc) {
        if (doc.isEmpty()) {
            return jmh;
        }
        List<BenchResult> out = new ArrayList<>(jmh);
        out.addAll(unsoloed(jmh, jdk, jvmVersion, doc.get()));
        return out.stream().map(r -> slices(doc.get(), jdk, r).map(forks -> scored(r, forks)).orElse(r)).toList();
    }

    /**
     * The variants of the JDK's interleaved questions that have interleaved forks but no JMH result, each
     * once, as a result with no data yet: its JVM as the JDK's other results give it (one of the same
     * benchmark first; else env.json's version of it), one thread (an interleaved fork drives one), its
     * mode as the question kept it, a slice for its iteration.
     */
    private static List<BenchResult> unsoloed(List<BenchResult> jmh, String jdk, String jvmVersion, Comparisons doc) {
        List<BenchResult> out = new ArrayList<>();
        for (Comparisons.Asked q : doc.questions()) {
            if (!q.jdk().equals(jdk) || !q.notInterleaved().isEmpty()) {
                continue;
            }
            for (Comparisons.Variant v : q.details()) {
                boolean measured = q.forks().stream().anyMatch(f -> f.scores(v.label()).length > 0);
                if (measured && jmh.stream().noneMatch(r -> sameVariant(r, v)) && out.stream().noneMatch(r -> sameVariant(r, v))) {
                    out.add(unsoloed(jmh, jdk, jvmVersion, q, v));
                }
            }
        }
        return out;
    }

    private static BenchResult unsoloed(List<BenchResult> jmh, String jdk, String jvmVersion, Comparisons.Asked q,
                                        Comparisons.Variant v) {
        Optional<BenchResult> jvm = jmh.stream().filter(r -> r.benchmark().equals(v.benchmark())).findFirst()
                .or(() -> jmh.stream().findFirst());
        String mode = q.slices().mode() != null ? q.slices().mode() : q.higherIsBetter() ? "thrpt" : "avgt";
        return new BenchResult(jdk, v.benchmark(), mode, v.params(), Double.NaN, Double.NaN, v.unit(), List.of(), 0,
                // JMH's jdkVersion is java.version, the full version before its build: "17.0.15"
                jvm.map(BenchResult::jdkVersion).orElse(jvmVersion.isEmpty() ? jdk : jvmVersion.replaceFirst("\\+.*", "")),
                jvm.map(BenchResult::vmName).orElse(""), jvm.map(BenchResult::vmVersion).orElse(jvmVersion),
                jvm.map(BenchResult::jvmArgs).orElse(List.of()), 1,
                TimeValue.fromString(q.slices().slice()).convertTo(TimeUnit.MICROSECONDS) / 1e6);
    }

    private static boolean sameVariant(BenchResult r, Comparisons.Variant v) {
        return v.benchmark().equals(r.benchmark()) && v.params().equals(r.params()) && v.unit().equals(r.unit());
    }

    /** The slices of a result's variant in the first interleaved question of its JDK that measured it, one array per fork. */
    private static Optional<List<double[]>> slices(Comparisons doc, String jdk, BenchResult r) {
        for (Comparisons.Asked q : doc.questions()) {
            if (!q.jdk().equals(jdk) || !q.notInterleaved().isEmpty()) {
                continue;
            }
            for (Comparisons.Variant v : q.details()) {
                if (sameVariant(r, v)) {
                    List<double[]> forks = q.forks().stream().map(f -> f.scores(v.label())).filter(x -> x.length > 0).toList();
                    if (!forks.isEmpty()) {
                        return Optional.of(forks);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The solo result with the interleaved forks' slices as its raw data: the score is the mean of the
     * forks' means (each fork weighs the same, as {@link jab.harness.stats.ForkInterval} takes them);
     * JMH's own error belongs to the solo fork and goes. Secondary metrics (B/op) stay: a profiler
     * measured them in the solo fork only, and they are no ratio.
     */
    private static BenchResult scored(BenchResult solo, List<double[]> forks) {
        double score = Arrays.stream(jab.harness.stats.ForkInterval.forkMeans(forks)).average().orElse(Double.NaN);
        return solo.withData(score, Double.NaN, solo.unit(), forks);
    }
}
