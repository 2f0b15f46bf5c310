package jab.harness.warnings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntToDoubleFunction;

import org.junit.jupiter.api.Test;

import jab.harness.results.Comparisons;
import jab.harness.results.TwoVariants;
import jab.harness.stats.RatioVerdict;

/** Drift, bimodal forks, outlier rounds and carry-over found in interleaved forks, and nothing in clean ones. */
class InterleavedChecksTest {

    @Test
    void cleanForksRaiseNothing() {
        Random random = new Random(1);
        Comparisons doc = TwoVariants.doc(TwoVariants.question("q", rounds(random, 5, 60, i -> 1.1)),
                question(random, 4, Map.of()));
        assertThat(InterleavedChecks.of(doc)).isEmpty();
    }

    @Test
    void aRatioThatMovesThroughEveryForkDrifts() {
        Random random = new Random(2);
        Comparisons doc = TwoVariants.doc(TwoVariants.question("q", rounds(random, 4, 60, i -> 1 + 0.15 * i / 59)),
                TwoVariants.question("clean", rounds(random, 4, 60, i -> 1.1)));
        List<Warning> ws = InterleavedChecks.of(doc);
        assertThat(ws).extracting(Warning::kind).containsExactly(Warning.Kind.ROUNDS_DRIFT);
        assertThat(ws.get(0).subject()).isEqualTo("JDK 17 q: b() over a()");
        assertThat(ws.get(0).finding()).startsWith("the ratio moves by +1");
        assertThat(ws.get(0).checked()).as("two comparisons checked").isEqualTo(2);
    }

    @Test
    void forksThatSettleTwoWaysAreBimodal() {
        Random random = new Random(3);
        double[][] forks = new double[6][];
        for (int f = 0; f < 6; f++) {
            double level = f % 2 == 0 ? 1.0 : 1.2;
            forks[f] = rounds(random, 1, 60, i -> level)[0];
        }
        List<Warning> ws = InterleavedChecks.of(TwoVariants.doc(TwoVariants.question("q", forks)));
        assertThat(ws).extracting(Warning::kind).containsExactly(Warning.Kind.FORKS_BIMODAL);
        assertThat(ws.get(0).finding()).contains("3 fork(s) near the low end and 3 near the high end");
    }

    @Test
    void twoRoundsAPauseHitMoveTheRatioTooLittleToTell() {
        double[][] forks = rounds(new Random(4), 4, 60, i -> 1.1);
        forks[1][7] *= 2.5;
        forks[2][30] *= 2.5; // log(2.5) * 2 / 240 rounds: 0.8%, within the 1% that outliers must move a result by
        assertThat(InterleavedChecks.of(TwoVariants.doc(TwoVariants.question("q", forks)))).isEmpty();
    }

    @Test
    void roundsAPauseHitAreOutliers() {
        Random random = new Random(4);
        double[][] forks = rounds(random, 4, 60, i -> 1.1);
        forks[1][7] *= 2.5;
        forks[1][40] *= 2.5;
        forks[2][30] *= 2.5;
        forks[3][12] *= 2.5;
        List<Warning> ws = InterleavedChecks.of(TwoVariants.doc(TwoVariants.question("q", forks)));
        assertThat(ws).extracting(Warning::kind).containsExactly(Warning.Kind.OUTLIER_ROUNDS);
        assertThat(ws.get(0).finding()).startsWith("4 round(s) in 3 fork(s)");
    }

    @Test
    void aVariantWhoseFollowerPaysIsNamed() {
        Random random = new Random(5);
        Comparisons doc = TwoVariants.doc(question(random, 4, Map.of("C", 1.08)), question(random, 4, Map.of()),
                TwoVariants.question("two variants: no estimate", rounds(random, 4, 60, i -> 1.1)));
        List<Warning> ws = InterleavedChecks.of(doc);
        assertThat(ws).extracting(Warning::kind).containsExactly(Warning.Kind.CARRY_OVER);
        assertThat(ws.get(0).subject()).isEqualTo("JDK 17 four");
        assertThat(ws.get(0).finding()).startsWith("the slice right after c() scores +").contains("(slower, ");
        assertThat(ws.get(0).checked()).as("the two questions of four variants").isEqualTo(2);
    }

    @Test
    void questionsWhoseVariantsRanApartAreNotChecked() {
        Random random = new Random(6);
        Comparisons.Asked q = TwoVariants.question("q", rounds(random, 4, 60, i -> 1 + 0.15 * i / 59));
        Comparisons.Asked apart = new Comparisons.Asked(q.question(), q.family(), q.jdk(), q.fixed(), q.variants(), q.reference(),
                q.details(), q.higherIsBetter(), "a JVM-wide setting", q.slices(), q.forks(), q.ratios(), q.design());
        assertThat(InterleavedChecks.of(TwoVariants.doc(apart))).isEmpty();
    }

    /** {@code forks} forks of {@code rounds} round ratios: {@code level} at round i, with 1% log-normal noise. */
    private static double[][] rounds(Random random, int forks, int rounds, IntToDoubleFunction level) {
        double[][] out = new double[forks][rounds];
        for (int f = 0; f < forks; f++) {
            for (int i = 0; i < rounds; i++) {
                out[f][i] = level.applyAsDouble(i) * Math.exp(0.01 * random.nextGaussian());
            }
        }
        return out;
    }

    /**
     * "four": variants A to D (scores 1 to 4, 2% noise) in random orders, 3 forks of 100 rounds, the slice after a
     * variant in {@code carry} multiplied by its factor.
     */
    private static Comparisons.Asked question(Random random, int n, Map<String, Double> carry) {
        List<String> labels = new ArrayList<>();
        List<Comparisons.Variant> details = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String v = String.valueOf((char) ('A' + i));
            labels.add(v);
            details.add(new Comparisons.Variant(v, v.toLowerCase() + "()", "x.Y." + v.toLowerCase(), Map.of(), "ns/op"));
        }
        List<Comparisons.Fork> forks = new ArrayList<>();
        for (int f = 0; f < 3; f++) {
            List<Comparisons.Round> rounds = new ArrayList<>();
            for (int r = 0; r < 100; r++) {
                List<String> order = new ArrayList<>(labels);
                Collections.shuffle(order, random);
                double machine = Math.exp(0.05 * random.nextGaussian());
                List<Double> scores = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    double bill = k == 0 ? 1 : carry.getOrDefault(order.get(k - 1), 1.0);
                    scores.add((1 + labels.indexOf(order.get(k))) * machine * bill * Math.exp(0.02 * random.nextGaussian()));
                }
                rounds.add(new Comparisons.Round(order, scores));
            }
            forks.add(new Comparisons.Fork(f, rounds));
        }
        return new Comparisons.Asked("four", "toy", "17", Map.of(), labels, "A", details, false, "",
                new Comparisons.Slices("25 ms", 10, 100, 12.0), forks, List.of(), jab.harness.stats.SequentialDesign.FIXED).withRatios(RatioVerdict.DEFAULT_BAND);
    }
}
