package jab.harness.mmap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import jab.harness.results.BenchResult;
import jab.mmap.jruby.RubyWriteStrategy;

/** Seed 004's claims judged on synthetic call-cost results: medians, their interval, the verdicts. */
class SeedClaimsTest {

    @Test
    void aMedianGetsAnIntervalFromSevenSamplesOnAndItNarrowsWithMore() {
        assertThat(MedianRatio.interval(new double[] {1, 2, 3, 4, 5, 6})).isNull();
        assertThat(MedianRatio.interval(new double[] {7, 1, 6, 2, 5, 3, 4})).containsExactly(1, 7);
        double[] fifteen = new double[15];
        for (int i = 0; i < 15; i++) {
            fifteen[i] = 15 - i; // 15 down to 1
        }
        // binomial(15, 1/2): P(B <= 2) = 0.0037, P(B <= 3) = 0.0176, so ranks 3 and 13 at 97.5%
        assertThat(MedianRatio.interval(fifteen)).containsExactly(3, 13);
    }

    @Test
    void aClaimHoldsDoesNotHoldOrCannotBeToldFromTheInterval() {
        double[] fast = around(100, 0.02, 1);
        double[] slow = around(150, 0.02, 2);
        assertThat(ClaimVerdict.of(MedianRatio.of(slow, fast), 1, Double.POSITIVE_INFINITY)).isEqualTo(ClaimVerdict.HOLDS);
        // the same samples with the claim reversed: the whole interval is below 1
        assertThat(ClaimVerdict.of(MedianRatio.of(fast, slow), 1, Double.POSITIVE_INFINITY)).isEqualTo(ClaimVerdict.DOES_NOT_HOLD);
        // 2% apart with 20% spread: the interval straddles 1
        MedianRatio close = MedianRatio.of(around(102, 0.2, 3), around(100, 0.2, 4));
        assertThat(close.low()).isLessThan(1);
        assertThat(close.high()).isGreaterThan(1);
        assertThat(ClaimVerdict.of(close, 1, Double.POSITIVE_INFINITY)).isEqualTo(ClaimVerdict.CANNOT_TELL);
        // too few samples: no interval, no verdict, whatever the ratio
        MedianRatio two = MedianRatio.of(new double[] {600, 610}, new double[] {100, 101});
        assertThat(two.hasInterval()).isFalse();
        assertThat(ClaimVerdict.of(two, 1, Double.POSITIVE_INFINITY)).isEqualTo(ClaimVerdict.CANNOT_TELL);
        assertThat(two.words()).contains("no interval");
    }

    @Test
    void withForksOnBothSidesTheIntervalVariesOverForkMediansNotPooledIterations() {
        // each fork's iterations are tight (0.1%), but the slow side's forks sit at 1.5x, 2.5x and 2x the fast side:
        // pooled, the iterations bracket only the forks seen; over forks, three of them say little about a fourth
        List<double[]> fast = List.of(tight(100, 11), tight(100, 12), tight(100, 13));
        List<double[]> slow = List.of(tight(150, 14), tight(250, 15), tight(200, 16));
        MedianRatio r = MedianRatio.ofForks(slow, fast);
        assertThat(r.byFork()).isTrue();
        assertThat(r.ratio()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(r.low()).isLessThan(1.5);
        assertThat(r.high()).isGreaterThan(2.5);
        assertThat(r.words()).contains("over 3 and 3 forks");
        assertThat(ClaimVerdict.of(r, 1.8, 2.2)).isEqualTo(ClaimVerdict.CANNOT_TELL);
        MedianRatio pooled = MedianRatio.of(concat(slow), concat(fast));
        assertThat(pooled.high() / pooled.low()).isLessThan(r.high() / r.low());
        // one fork on a side: the iterations of that fork, and the words say what the interval cannot see
        MedianRatio oneFork = MedianRatio.ofForks(List.of(around(150, 0.02, 2)), fast);
        assertThat(oneFork.byFork()).isFalse();
        assertThat(oneFork.words()).contains("fork-to-fork variance unknown");
    }

    private static double[] tight(double centre, long seed) {
        double[] xs = around(centre, 0.001, seed);
        return java.util.Arrays.copyOf(xs, 5);
    }

    private static double[] concat(List<double[]> forks) {
        return forks.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    @Test
    void aboutSixTimesIsABandWithTwoEnds() {
        double[] unsafe = around(100, 0.02, 5);
        assertThat(verdict(around(600, 0.02, 6), unsafe)).isEqualTo(ClaimVerdict.HOLDS);
        assertThat(verdict(around(200, 0.02, 7), unsafe)).isEqualTo(ClaimVerdict.DOES_NOT_HOLD);
        assertThat(verdict(around(2000, 0.02, 8), unsafe)).isEqualTo(ClaimVerdict.DOES_NOT_HOLD);
        assertThat(verdict(around(400, 0.2, 9), unsafe)).isEqualTo(ClaimVerdict.CANNOT_TELL);
    }

    @Test
    void theSectionJudgesEveryClaimOfTheSeedFromTheResultsItFinds() {
        // Made-up times (ns per call, given in microseconds to check the unit conversion) where the
        // extension is slower than the Java class and autoboxing is 10x the Java class's unsafe path.
        Map<RubyWriteStrategy, Double> nanos = Map.of(RubyWriteStrategy.EXT_MMAP_UNSAFE, 120.0,
                RubyWriteStrategy.JAVA_MMAP_UNSAFE, 100.0, RubyWriteStrategy.EXT_MMAP_SAFE, 220.0,
                RubyWriteStrategy.JAVA_MMAP_SAFE, 200.0, RubyWriteStrategy.RUBY_FILE, 400.0,
                RubyWriteStrategy.RUBY_PURE_MMAP_TOJAVABYTES, 500.0, RubyWriteStrategy.JAVA_MMAP_AUTOBOXING, 1000.0);
        List<BenchResult> rs = new ArrayList<>();
        int seed = 10;
        for (Map.Entry<RubyWriteStrategy, Double> e : nanos.entrySet()) {
            rs.add(result(e.getKey(), around(e.getValue() / 1000, 0.01, seed++)));
        }
        List<List<String>> rows = CallCostSection.claims(rs);
        assertThat(rows.stream().map(r -> r.get(0) + ": " + r.get(1))).containsExactly(
                "Ruby File (5) is faster than mmap with autoboxing (7): holds",
                "unboxed unsafe, extension (1), is about 6x faster than autoboxing (7): holds",       // 8.3x
                "unboxed unsafe, Java class (2), is about 6x faster than autoboxing (7): does not hold", // 10x
                "unboxed unsafe, extension (1), is faster than Ruby File (5): holds",
                "unboxed unsafe, Java class (2), is faster than Ruby File (5): holds",
                "unsafe is faster than safe, extension (1 vs 3): holds",
                "unsafe is faster than safe, Java class (2 vs 4): holds",
                "the extension is faster than the Java class, unsafe (1 vs 2): does not hold",
                "the extension is faster than the Java class, safe (3 vs 4): does not hold");
        assertThat(rows.get(2).get(2)).matches("(9\\.9\\d|10\\.0\\d)x \\[95% CI \\d+\\.\\d\\d-\\d+\\.\\d\\d over 3 and 3 forks\\]");
        // a strategy not measured: its claims cannot be told
        List<List<String>> without = CallCostSection.claims(rs.subList(0, 1));
        assertThat(without).allMatch(r -> r.get(1).startsWith("cannot tell"));
    }

    @Test
    void theSeedsOrderDependsOnTheChunkSize() {
        assertThat(Seed004.order(1024).orElseThrow()).containsExactly(RubyWriteStrategy.values());
        assertThat(Seed004.order(4096).orElseThrow().get(0)).isEqualTo(RubyWriteStrategy.JAVA_MMAP_UNSAFE);
        assertThat(Seed004.order(16384).orElseThrow().get(2)).isEqualTo(RubyWriteStrategy.RUBY_PURE_MMAP_TOJAVABYTES);
        assertThat(Seed004.order(8192)).isEmpty();
    }

    private static ClaimVerdict verdict(double[] slow, double[] fast) {
        return ClaimVerdict.of(MedianRatio.of(slow, fast), Seed004.ABOUT_6X_LOW, Seed004.ABOUT_6X_HIGH);
    }

    /** 15 samples spread uniformly within +-spread of the centre (three forks of five iterations). */
    private static double[] around(double centre, double spread, long seed) {
        Random r = new Random(seed);
        double[] xs = new double[15];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = centre * (1 + spread * (2 * r.nextDouble() - 1));
        }
        return xs;
    }

    private static BenchResult result(RubyWriteStrategy s, double[] micros) {
        List<double[]> forks = List.of(java.util.Arrays.copyOfRange(micros, 0, 5), java.util.Arrays.copyOfRange(micros, 5, 10),
                java.util.Arrays.copyOfRange(micros, 10, 15));
        return new BenchResult("17", CallCostSection.CALL_COST, "avgt", Map.of("chunkSize", "4096", "rubyStrategy", s.name()),
                java.util.Arrays.stream(micros).average().orElseThrow(), Double.NaN, "us/op", forks, micros.length, "", "", "",
                List.of(), 1, Double.NaN);
    }
}
