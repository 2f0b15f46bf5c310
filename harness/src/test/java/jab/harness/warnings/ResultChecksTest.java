package jab.harness.warnings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import jab.harness.results.BenchResult;

/** Each warning fires on data made to trigger it, and none fires on clean data. */
class ResultChecksTest {
    private static final ResultChecks.Context CTX = new ResultChecks.Context(2, 0.05);

    /** forks x iters around 100 ns/op with 1% noise; {@code shape} bends them. */
    static BenchResult result(long seed, int forks, int iters, Shape shape) {
        Random rnd = new Random(seed);
        List<double[]> raw = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double[] it = new double[iters];
            for (int i = 0; i < iters; i++) {
                it[i] = shape.value(f, i, iters) * (1 + rnd.nextGaussian() * 0.01);
            }
            raw.add(it);
        }
        return new BenchResult("t", "x.YBenchmark.z", "avgt", Map.of(), 100, 1, "ns/op", raw, (long) forks * iters, "17", "vm", "17",
                List.of(), 1, 0.1);
    }

    interface Shape {
        double value(int fork, int iteration, int iterations);
    }

    static List<Warning.Kind> kinds(BenchResult r, ResultChecks.Context ctx) {
        return ResultChecks.of(r, "subject", ctx).stream().map(Warning::kind).toList();
    }

    @Test
    void cleanDataRaisesNothing() {
        for (long seed = 1; seed <= 50; seed++) {
            assertThat(kinds(result(seed, 5, 10, (f, i, n) -> 100), CTX)).as("seed %d", seed).isEmpty();
        }
    }

    @Test
    void forksFromTwoLevelsAreBimodal() {
        List<Warning> ws = ResultChecks.of(result(1, 6, 10, (f, i, n) -> f % 2 == 0 ? 100 : 140), "s", CTX);
        assertThat(ws).extracting(Warning::kind).contains(Warning.Kind.FORKS_DISAGREE);
        assertThat(ws.stream().filter(w -> w.kind() == Warning.Kind.FORKS_DISAGREE).findFirst().orElseThrow().finding())
                .contains("bimodal across forks").containsPattern("1\\.[34]\\dx apart");
    }

    @Test
    void aFallingLineThroughTheIterationsIsWarmUpNotReachedAndARisingOneIsDrift() {
        assertThat(kinds(result(2, 3, 10, (f, i, n) -> 100 * (1 + 0.3 * (n - 1 - i) / (n - 1))), CTX))
                .contains(Warning.Kind.WARMUP_NOT_REACHED).doesNotContain(Warning.Kind.DRIFT);
        assertThat(kinds(result(3, 3, 10, (f, i, n) -> 100 * (1 + 0.3 * i / (n - 1))), CTX))
                .contains(Warning.Kind.DRIFT).doesNotContain(Warning.Kind.WARMUP_NOT_REACHED);
    }

    @Test
    void oneFarIterationIsAnOutlierAndTheRuleIsNamed() {
        List<Warning> ws = ResultChecks.of(result(4, 3, 20, (f, i, n) -> f == 0 && i == 10 ? 600 : 100), "s", CTX);
        Warning w = ws.stream().filter(x -> x.kind() == Warning.Kind.OUTLIERS).findFirst().orElseThrow();
        assertThat(w.finding()).contains("Tukey").contains("1 iteration(s)");
    }

    @Test
    void longOperationsInShortIterationsAreFewOperations() {
        List<double[]> raw = List.of(new double[] {200, 201, 199}, new double[] {200, 202, 198});
        BenchResult slow = new BenchResult("t", "x.YBenchmark.z", "avgt", Map.of(), 200, 1, "ms/op", raw, 6, "17", "vm", "17",
                List.of(), 1, 0.1);
        assertThat(kinds(slow, CTX)).contains(Warning.Kind.FEW_OPERATIONS);
        assertThat(ResultChecks.operationsPerIteration(slow)).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void moreThreadsThanCpusIsSaidAndAMissedGoalToo() {
        BenchResult r = result(6, 2, 10, (f, i, n) -> f == 0 ? 100 : 108);
        BenchResult eight = new BenchResult(r.source(), r.benchmark(), r.mode(), r.params(), r.score(), r.scoreError(), r.unit(),
                r.rawData(), r.samples(), "17", "vm", "17", List.of(), 8, 0.1);
        assertThat(kinds(eight, CTX)).contains(Warning.Kind.OVERSUBSCRIBED, Warning.Kind.PRECISION_MISSED);
        assertThat(kinds(eight, new ResultChecks.Context(8, 0))).doesNotContain(Warning.Kind.OVERSUBSCRIBED,
                Warning.Kind.PRECISION_MISSED);
    }
}
