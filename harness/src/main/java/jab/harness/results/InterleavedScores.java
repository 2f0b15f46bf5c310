package jab.harness.results;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Each result of a JDK as the run's tables show it: a variant of an interleaved question scored over
 * its interleaved forks (each fork's slices one fork of raw data, so the fork-level interval varies
 * over those forks), everything else as JMH measured it. A question's solo fork is a cross-check of
 * its answer, one JVM deep: no table shows it as the variant's score, so no table can disagree with
 * the answer drawn from the same forks.
 */
final class InterleavedScores {
    private InterleavedScores() {
    }

    static List<BenchResult> of(List<BenchResult> jmh, String jdk, Optional<Comparisons> doc) {
        if (doc.isEmpty()) {
            return jmh;
        }
        return jmh.stream().map(r -> slices(doc.get(), jdk, r).map(forks -> scored(r, forks)).orElse(r)).toList();
    }

    /** The slices of a result's variant in the first interleaved question of its JDK that measured it, one array per fork. */
    private static Optional<List<double[]>> slices(Comparisons doc, String jdk, BenchResult r) {
        for (Comparisons.Asked q : doc.questions()) {
            if (!q.jdk().equals(jdk) || !q.notInterleaved().isEmpty()) {
                continue;
            }
            for (Comparisons.Variant v : q.details()) {
                if (v.benchmark().equals(r.benchmark()) && v.params().equals(r.params()) && v.unit().equals(r.unit())) {
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
