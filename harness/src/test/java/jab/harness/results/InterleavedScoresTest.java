package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/**
 * A variant of an interleaved question is in the run's tables whether or not a solo fork measured it:
 * in a build's first run the solo rounds gave way to the budget, and the write strategies', JRuby's, kv's
 * and JGit's tables of a JDK 25 run (2026-12-01) had no row at all, while their answers stood above them.
 */
class InterleavedScoresTest {
    /** Three forks whose rounds hold a() at 1 and b() at 2. */
    private static final Comparisons.Asked TOY = TwoVariants.question("which toy", new double[] {2, 2, 2},
            new double[] {2, 2, 2}, new double[] {2, 2, 2});

    @Test
    void aVariantNoSoloForkMeasuredIsScoredOverItsInterleavedForks() {
        BenchResult a = solo("x.Y.a");

        List<BenchResult> scores = InterleavedScores.of(List.of(a), "17", "", Optional.of(TwoVariants.doc(TOY)));

        assertThat(scores).extracting(BenchResult::benchmark).containsExactly("x.Y.a", "x.Y.b");
        BenchResult b = scores.get(1);
        assertThat(b.score()).isCloseTo(2.0, within(1e-9));
        assertThat(b.rawData()).hasSize(3);
        assertThat(b.unit()).isEqualTo("ns/op");
        assertThat(b.mode()).as("a file without the mode: a time per operation").isEqualTo("avgt");
        assertThat(b.jdkVersion()).as("its JVM as the JDK's other result gives it").isEqualTo(a.jdkVersion());
        assertThat(b.threads()).isEqualTo(1);
        assertThat(b.iterationSeconds()).as("a slice is its iteration").isCloseTo(0.05, within(1e-9));
    }

    @Test
    void itsModeIsTheQuestionsAndTwoQuestionsOfOneVariantGiveOneResult() {
        Comparisons.Asked singleShot = new Comparisons.Asked(TOY.question(), TOY.family(), TOY.jdk(), TOY.fixed(), TOY.variants(),
                TOY.reference(), TOY.details(), false, "", new Comparisons.Slices("50 ms", 10, 30, 4.0, "ss"), TOY.forks(),
                TOY.ratios(), TOY.design());
        Comparisons.Asked again = new Comparisons.Asked("the same toy again", TOY.family(), TOY.jdk(), TOY.fixed(), TOY.variants(),
                TOY.reference(), TOY.details(), false, "", TOY.slices(), TOY.forks(), TOY.ratios(), TOY.design());

        List<BenchResult> scores = InterleavedScores.of(List.of(), "17", "17.0.15+6-Debian-1deb12u1", Optional.of(TwoVariants.doc(singleShot, again)));

        assertThat(scores).extracting(BenchResult::benchmark).containsExactly("x.Y.a", "x.Y.b");
        assertThat(scores).extracting(BenchResult::mode).containsOnly("ss");
        assertThat(scores.get(0).score()).isCloseTo(1.0, within(1e-9));
        assertThat(scores.get(0).jdkVersion()).as("no JMH result of the JDK: its version as env.json gives it").isEqualTo("17.0.15");
        assertThat(scores.get(0).vmVersion()).isEqualTo("17.0.15+6-Debian-1deb12u1");
    }

    @Test
    void anotherJdksQuestionAddsNothing() {
        assertThat(InterleavedScores.of(List.of(), "25", "", Optional.of(TwoVariants.doc(TOY)))).isEmpty();
    }

    private static BenchResult solo(String benchmark) {
        BenchResult r = Synthetic.result("avgt", "ns/op", 3.0, 1);
        return new BenchResult("17", benchmark, "avgt", Map.of(), r.score(), r.scoreError(), "ns/op", r.rawData(), r.samples(),
                "17.0.99", r.vmName(), r.vmVersion(), r.jvmArgs(), r.threads(), r.iterationSeconds());
    }
}
