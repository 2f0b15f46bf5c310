package jab.harness.run.question;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import jab.harness.family.Question;
import jab.harness.results.Comparisons;

/** A replicate of two sides that cannot share a JVM: rounds pair the i-th iterations, and the order alternates. */
class ForkPairTest {
    private static final QuestionCase.Variant BASE = new QuestionCase.Variant("base", "base", null);
    private static final QuestionCase.Variant HEAD = new QuestionCase.Variant("head", "head", null);
    private static final QuestionCase CASE = new QuestionCase(Question.ofBuilds("demo.W.work"), Map.of(), "t", List.of(BASE, HEAD),
            "other JVM options");

    @Test
    void roundIPairsTheIthIterationOfEachJvmInTheOrderTheyRan() {
        List<Comparisons.Round> rounds = ForkPair.paired(List.of(HEAD, BASE), List.of(List.of(2.0, 2.2, 2.1), List.of(1.0, 1.1)));
        assertThat(rounds).hasSize(2); // the shorter JVM's iterations
        assertThat(rounds.get(1).order()).containsExactly("head", "base");
        assertThat(rounds.get(1).scores()).containsExactly(2.2, 1.1);
    }

    @Test
    void everySecondReplicateRunsTheOtherOrderSoTwoHoldBoth() {
        List<Comparisons.Fork> done = new ArrayList<>();
        for (long seed = 0; seed < 8; seed++) {
            boolean baseFirst = ForkPair.referenceFirst(CASE, done, seed);
            List<QuestionCase.Variant> order = baseFirst ? List.of(BASE, HEAD) : List.of(HEAD, BASE);
            done.add(new Comparisons.Fork(seed, ForkPair.paired(order, List.of(List.of(1.0), List.of(1.0)))));
        }
        for (int i = 0; i < done.size(); i += 2) {
            assertThat(done.get(i).rounds().get(0).order()).isNotEqualTo(done.get(i + 1).rounds().get(0).order());
        }
    }
}
