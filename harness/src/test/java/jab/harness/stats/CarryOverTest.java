package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** Carry-over found where it was planted, and not where it was not. */
class CarryOverTest {
    private static final List<String> SIX = List.of("A", "B", "C", "D", "E", "F");

    @Test
    void aPlantedCarryOverIsFoundWithAnIntervalThatHoldsIt() {
        // slices right after C score 6% higher (slower, in time per operation); no other variant leaves anything
        List<List<List<CarryOver.Slice>>> forks = forks(new Random(1), SIX, 3, 120, Map.of("C", 1.06), 0.02);
        Map<String, CarryOver.Effect> e = byVariant(CarryOver.of(forks).orElseThrow());
        assertThat(e.get("C").low()).isLessThan(Math.log(1.06));
        assertThat(e.get("C").high()).isGreaterThan(Math.log(1.06));
        assertThat(e.get("C").significant()).isTrue();
        assertThat(e.get("C").relative()).isBetween(0.04, 0.08);
        // against C's carry, each other variant's is C's shared among the other five: 1/5 of -6%
        for (String v : List.of("A", "B", "D", "E", "F")) {
            assertThat(e.get(v).relative()).as(v).isBetween(-0.03, 0.0);
        }
        assertThat(e.get("C").slices()).isEqualTo(followed(forks, "C"));
    }

    @Test
    void withoutCarryOverAllOfAQuestionsIntervalsHoldZeroAsOftenAs95PercentShould() {
        // 1,000 such questions held it in 957 (each interval alone 99.3%); 200 give about ±1.5 points
        assertThat(allHoldZero(new Random(2), 0)).isBetween(0.90, 0.99);
    }

    @Test
    void slicesAPauseHitBillNobody() {
        // 2% of the slices 2.5x slower (a GC pause, another process): left out, they move no estimate
        assertThat(allHoldZero(new Random(6), 0.02)).isBetween(0.90, 0.99);
        List<List<List<CarryOver.Slice>>> planted = forks(new Random(7), SIX, 3, 120, Map.of("B", 0.95), 0.02, 0.02);
        CarryOver.Effect b = byVariant(CarryOver.of(planted).orElseThrow()).get("B");
        assertThat(b.low()).isLessThan(Math.log(0.95));
        assertThat(b.high()).isGreaterThan(Math.log(0.95));
    }

    /** Of 200 questions of six variants without carry-over, the share whose six intervals all hold 0. */
    private static double allHoldZero(Random random, double pauses) {
        int held = 0;
        int questions = 200;
        for (int rep = 0; rep < questions; rep++) {
            List<CarryOver.Effect> effects = CarryOver.of(forks(random, SIX, 3, 60, Map.of(), 0.02, pauses)).orElseThrow();
            held += effects.stream().noneMatch(CarryOver.Effect::significant) ? 1 : 0;
            for (CarryOver.Effect e : effects) {
                assertThat(Math.abs(e.relative())).as("no carry-over: the estimate stays near 0").isLessThan(0.015);
            }
        }
        return (double) held / questions;
    }

    @Test
    void addedForksOfASubsetJoinTheEstimate() {
        Random random = new Random(3);
        List<List<List<CarryOver.Slice>>> forks = forks(random, SIX, 3, 100, Map.of("A", 0.95), 0.02);
        forks.addAll(forks(random, List.of("A", "B"), 2, 100, Map.of("A", 0.95), 0.02));
        Map<String, CarryOver.Effect> e = byVariant(CarryOver.of(forks).orElseThrow());
        assertThat(e.get("A").relative()).isBetween(-0.07, -0.03);
        assertThat(e.get("A").slices()).isEqualTo(followed(forks, "A")).isGreaterThan(3 * 100 * 4 / 6 + 2 * 100 / 3);
    }

    @Test
    void withoutNoiseTheModelRecoversThePlantedCarryOverExactly() {
        // rounds, forks and variants differ, slices do not scatter: only the carry-over is left to fit
        Map<String, CarryOver.Effect> e = byVariant(CarryOver.of(forks(new Random(8), SIX, 2, 40, Map.of("D", 1.10), 0)).orElseThrow());
        assertThat(e.get("D").log()).isCloseTo(Math.log(1.10), offset(1e-9));
        assertThat(e.get("A").log()).isCloseTo(-Math.log(1.10) / 5, offset(1e-9));
    }

    @Test
    void twoVariantsCannotTellCarryOverFromTheirOwnEffects() {
        assertThat(CarryOver.of(forks(new Random(4), List.of("A", "B"), 3, 50, Map.of("A", 1.1), 0.02))).isEmpty();
        assertThat(CarryOver.of(List.of())).isEmpty();
    }

    @Test
    void aRoundWithASliceThatIsNotPositiveIsLeftOut() {
        List<List<List<CarryOver.Slice>>> forks = forks(new Random(5), SIX, 3, 60, Map.of(), 0.02);
        List<List<CarryOver.Slice>> first = forks.get(0);
        List<CarryOver.Slice> broken = new ArrayList<>(first.get(0));
        broken.set(2, new CarryOver.Slice(broken.get(2).variant(), 0));
        first.set(0, broken);
        assertThat(CarryOver.of(forks)).isPresent();
    }

    /**
     * Forks of rounds in random orders: each variant's level (1 to 2, and 2% apart between forks), the
     * round's machine speed (5%), each slice's own noise ({@code noise}, log-normal), and the slice after
     * a variant in {@code carry} multiplied by its factor.
     */
    static List<List<List<CarryOver.Slice>>> forks(Random random, List<String> variants, int forks, int rounds,
                                                     Map<String, Double> carry, double noise) {
        return forks(random, variants, forks, rounds, carry, noise, 0);
    }

    /** As above, with a share {@code pauses} of the slices 2.5x slower. */
    static List<List<List<CarryOver.Slice>>> forks(Random random, List<String> variants, int forks, int rounds,
                                                     Map<String, Double> carry, double noise, double pauses) {
        List<List<List<CarryOver.Slice>>> out = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            Map<String, Double> level = new java.util.HashMap<>();
            for (int i = 0; i < variants.size(); i++) {
                level.put(variants.get(i), (1 + i / (double) variants.size()) * Math.exp(0.02 * random.nextGaussian()));
            }
            List<List<CarryOver.Slice>> fork = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                List<String> order = new ArrayList<>(variants);
                Collections.shuffle(order, random);
                double machine = Math.exp(0.05 * random.nextGaussian());
                List<CarryOver.Slice> round = new ArrayList<>();
                for (int k = 0; k < order.size(); k++) {
                    double bill = k == 0 ? 1 : carry.getOrDefault(order.get(k - 1), 1.0);
                    double pause = random.nextDouble() < pauses ? 2.5 : 1;
                    double score = level.get(order.get(k)) * machine * bill * pause * Math.exp(noise * random.nextGaussian());
                    round.add(new CarryOver.Slice(order.get(k), score));
                }
                fork.add(round);
            }
            out.add(fork);
        }
        return out;
    }

    /** Slices that ran right after {@code v} in its round. */
    private static long followed(List<List<List<CarryOver.Slice>>> forks, String v) {
        return forks.stream().flatMap(List::stream)
                .filter(r -> r.stream().limit(r.size() - 1).anyMatch(s -> s.variant().equals(v))).count();
    }

    private static Map<String, CarryOver.Effect> byVariant(List<CarryOver.Effect> effects) {
        return effects.stream().collect(Collectors.toMap(CarryOver.Effect::variant, Function.identity()));
    }
}
