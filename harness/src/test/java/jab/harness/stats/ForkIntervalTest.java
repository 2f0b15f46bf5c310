package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;

class ForkIntervalTest {

    /** forks x iterations: each fork's mean drawn around {@code mean} with {@code between}, iterations with {@code within}. */
    static List<double[]> forks(long seed, int forks, int iters, double mean, double between, double within) {
        Random rnd = new Random(seed);
        List<double[]> raw = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double m = mean * (1 + rnd.nextGaussian() * between);
            double[] it = new double[iters];
            for (int i = 0; i < iters; i++) {
                it[i] = m * (1 + rnd.nextGaussian() * within);
            }
            raw.add(it);
        }
        return raw;
    }

    static double pooledHalfWidth(List<double[]> raw) {
        double[] all = raw.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        double t = TDistribution.of(all.length - 1).inverseCumulativeProbability(0.975);
        return t * Stats.stdev(all) / Math.sqrt(all.length);
    }

    @Test
    void forksFromTwoDifferentMeansGiveAWiderIntervalThanPooling() {
        List<double[]> raw = new ArrayList<>(forks(1, 2, 20, 100, 0, 0.01));
        raw.addAll(forks(2, 2, 20, 130, 0, 0.01));
        ForkInterval fi = ForkInterval.of(raw);
        assertThat(fi.method()).isEqualTo(ForkInterval.Method.FORK_MEANS);
        assertThat(fi.forks()).isEqualTo(4);
        assertThat(fi.halfWidth()).isGreaterThan(3 * pooledHalfWidth(raw));
        // and the interval is wide enough to hold both groups' mean
        assertThat(fi.mean() - fi.halfWidth()).isLessThan(115);
    }

    @Test
    void theFiveForkIntervalCoversTheTrueMeanAboutAsOftenAsItsConfidence() {
        int trials = 1000;
        int covered = 0;
        for (int i = 0; i < trials; i++) {
            ForkInterval fi = ForkInterval.of(forks(100 + i, 5, 10, 100, 0.05, 0.01));
            covered += Math.abs(fi.mean() - 100) <= fi.halfWidth() ? 1 : 0;
        }
        assertThat((double) covered / trials).isBetween(0.93, 0.97);
    }

    @Test
    void oneForkFallsBackToItsIterationsAndSaysSo() {
        ForkInterval fi = ForkInterval.of(forks(3, 1, 10, 100, 0, 0.01));
        assertThat(fi.method()).isEqualTo(ForkInterval.Method.ITERATIONS);
        assertThat(fi.method().words).contains("fork-to-fork variance unknown");
        assertThat(fi.cell()).contains("1 fork");
        assertThat(ForkInterval.of(List.of(new double[] {1.0})).hasInterval()).isFalse();
        assertThat(ForkInterval.of(List.of()).cell()).isEqualTo("-");
    }

    @Test
    void nonFiniteIterationsAndEmptyForksAreLeftOut() {
        List<double[]> raw = List.of(new double[] {100, Double.NaN, 100}, new double[] {}, new double[] {102, 102});
        ForkInterval fi = ForkInterval.of(raw);
        assertThat(fi.forks()).isEqualTo(2);
        assertThat(fi.mean()).isEqualTo(101.0);
    }

    @Test
    void forksForProjectsWithTheSpreadOfTheForkMeansAndTheShrinkingTQuantile() {
        // fork means 100 and 104: spread 2.8% of 102, t(1) = 12.7, so +-25%; 4 forks give t(3) * 2.8% / 2 = 4.4%
        ForkInterval two = ForkInterval.of(List.of(new double[] {100}, new double[] {104}));
        assertThat(two.relative()).isGreaterThan(0.24);
        assertThat(two.forksFor(0.05, 10)).isEqualTo(4);
        assertThat(two.forksFor(0.01, 10)).isEqualTo(10); // the limit, when even it is not enough
        assertThat(two.forksFor(0.30, 10)).isEqualTo(2); // already met
        ForkInterval one = ForkInterval.of(List.of(new double[] {100, 104}));
        assertThat(one.forksFor(0.01, 10)).isEqualTo(1); // no fork spread to project from
    }
}
