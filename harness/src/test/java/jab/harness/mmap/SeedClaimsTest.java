package jab.harness.mmap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import jab.harness.results.BenchResult;
import jab.harness.results.Comparisons;
import jab.harness.results.PairAnswers;
import jab.harness.results.RunRecord;
import jab.harness.results.RunResults;
import jab.harness.results.RunStore;
import jab.harness.results.Synthetic;
import jab.harness.stats.RatioVerdict;
import jab.mmap.jruby.RubyWriteStrategy;

/** Seed 004's claims judged on a run's answers: the verdicts from the answer's interval, and the section's rows. */
class SeedClaimsTest {

    @Test
    void aClaimHoldsDoesNotHoldOrCannotBeToldFromTheInterval() {
        double inf = Double.POSITIVE_INFINITY;
        assertThat(ClaimVerdict.of(1.4, 1.6, 1, inf)).isEqualTo(ClaimVerdict.HOLDS);
        // the claim reversed: the whole interval is below 1
        assertThat(ClaimVerdict.of(1 / 1.6, 1 / 1.4, 1, inf)).isEqualTo(ClaimVerdict.DOES_NOT_HOLD);
        // the interval straddles 1
        assertThat(ClaimVerdict.of(0.98, 1.06, 1, inf)).isEqualTo(ClaimVerdict.CANNOT_TELL);
        // no interval (one fork): no verdict, whatever the ratio
        assertThat(ClaimVerdict.of(Double.NaN, Double.NaN, 1, inf)).isEqualTo(ClaimVerdict.CANNOT_TELL);
    }

    @Test
    void aboutSixTimesIsABandWithTwoEnds() {
        assertThat(ClaimVerdict.of(5.8, 6.2, Seed004.ABOUT_6X_LOW, Seed004.ABOUT_6X_HIGH)).isEqualTo(ClaimVerdict.HOLDS);
        assertThat(ClaimVerdict.of(1.9, 2.1, Seed004.ABOUT_6X_LOW, Seed004.ABOUT_6X_HIGH)).isEqualTo(ClaimVerdict.DOES_NOT_HOLD);
        assertThat(ClaimVerdict.of(19, 21, Seed004.ABOUT_6X_LOW, Seed004.ABOUT_6X_HIGH)).isEqualTo(ClaimVerdict.DOES_NOT_HOLD);
        assertThat(ClaimVerdict.of(3.5, 4.5, Seed004.ABOUT_6X_LOW, Seed004.ABOUT_6X_HIGH)).isEqualTo(ClaimVerdict.CANNOT_TELL);
    }

    @Test
    void theSectionJudgesEveryClaimOfTheSeedOnTheAnswers(@TempDir Path out) throws Exception {
        // Made-up times (ns per call) where the extension is slower than the Java class and autoboxing is
        // 10x the Java class's unsafe path; the solo forks say 1 ns for all, and judge nothing.
        Map<RubyWriteStrategy, Double> nanos = new java.util.LinkedHashMap<>();
        nanos.put(RubyWriteStrategy.RUBY_FILE, 400.0);
        nanos.put(RubyWriteStrategy.EXT_MMAP_UNSAFE, 120.0);
        nanos.put(RubyWriteStrategy.JAVA_MMAP_UNSAFE, 100.0);
        nanos.put(RubyWriteStrategy.EXT_MMAP_SAFE, 220.0);
        nanos.put(RubyWriteStrategy.JAVA_MMAP_SAFE, 200.0);
        nanos.put(RubyWriteStrategy.RUBY_PURE_MMAP_TOJAVABYTES, 500.0);
        nanos.put(RubyWriteStrategy.JAVA_MMAP_AUTOBOXING, 1000.0);
        RunResults run = runOf(out, nanos);
        List<BenchResult> here = RunResults.filter(run.scores("17"), r -> r.benchmark().equals(CallCostSection.CALL_COST));
        List<List<String>> rows = CallCostSection.claims(run, "17", here);
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
        // the claim's figure is the answer's, interval and all
        Comparisons.Asked q = run.document(Comparisons.NAME, Comparisons.class).orElseThrow().questions().get(0);
        PairAnswers.Cost answer = PairAnswers.cost(q, "JAVA_MMAP_AUTOBOXING", "JAVA_MMAP_UNSAFE").orElseThrow();
        assertThat(rows.get(2).get(2)).isEqualTo(answer.words()).matches("(9\\.9\\d|10\\.0\\d)x \\[\\d+\\.\\d\\d-\\d+\\.\\d\\d\\]");
        // a strategy not measured: its claims cannot be told
        List<List<String>> without = CallCostSection.claims(run, "17", here.subList(0, 1));
        assertThat(without).allMatch(r -> r.get(1).startsWith("cannot tell"));
    }

    /**
     * A run directory whose question over rubyStrategy has three interleaved forks at the given times
     * (each fork 1% off the others), and a solo fork of 1 ns per call for every strategy.
     */
    private static RunResults runOf(Path out, Map<RubyWriteStrategy, Double> nanos) throws Exception {
        List<String> labels = nanos.keySet().stream().map(Enum::name).toList();
        List<Comparisons.Variant> details = new ArrayList<>();
        List<BenchResult> solo = new ArrayList<>();
        for (String l : labels) {
            Map<String, String> params = Map.of("chunkSize", "4096", "rubyStrategy", l);
            details.add(new Comparisons.Variant(l, l, CallCostSection.CALL_COST, params, "ns/op"));
            solo.add(new BenchResult("17", CallCostSection.CALL_COST, "avgt", params, 1, Double.NaN, "ns/op",
                    List.of(new double[] {1, 1, 1, 1, 1}), 5, "17.0.15", "OpenJDK 64-Bit Server VM", "17.0.15+6", List.of(), 1, 0.5));
        }
        List<Comparisons.Fork> forks = new ArrayList<>();
        for (double drift : new double[] {1.0, 1.01, 0.99}) {
            List<Comparisons.Round> rounds = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                double wobble = 1 + 0.001 * i;
                rounds.add(new Comparisons.Round(labels, labels.stream()
                        .map(l -> nanos.get(RubyWriteStrategy.valueOf(l)) * (l.startsWith("JAVA_MMAP_AUTOBOXING") ? drift : 1) * wobble).toList()));
            }
            forks.add(new Comparisons.Fork(forks.size(), rounds));
        }
        Comparisons.Asked q = new Comparisons.Asked("which JRuby strategy, cost per call", "mmap", "17", Map.of("chunkSize", "4096"),
                labels, "RUBY_FILE", details, false, "", new Comparisons.Slices("50 ms", 20, 5, 10), forks, List.of(), jab.harness.stats.SequentialDesign.FIXED)
                .withRatios(RatioVerdict.DEFAULT_BAND);
        RunStore store = RunStore.create(out, "host", new ObjectMapper().createObjectNode(), RunRecord.NONE.request());
        store.writeDocument(Comparisons.NAME, new Comparisons(Comparisons.FORMAT_VERSION, RatioVerdict.DEFAULT_BAND, List.of(q)));
        Synthetic.write(store.dir().resolve("jmh-17.json"), solo.toArray(new BenchResult[0]));
        return RunResults.read(store.dir());
    }

    @Test
    void theSeedsOrderDependsOnTheChunkSize() {
        assertThat(Seed004.order(1024).orElseThrow()).containsExactly(RubyWriteStrategy.values());
        assertThat(Seed004.order(4096).orElseThrow().get(0)).isEqualTo(RubyWriteStrategy.JAVA_MMAP_UNSAFE);
        assertThat(Seed004.order(16384).orElseThrow().get(2)).isEqualTo(RubyWriteStrategy.RUBY_PURE_MMAP_TOJAVABYTES);
        assertThat(Seed004.order(8192)).isEmpty();
    }
}
