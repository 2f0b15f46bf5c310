package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.stats.RatioVerdict;

/** comparisons.json: ratios drawn from the slices, every pair, and the file read back as written. */
class ComparisonsTest {

    private static Comparisons.Round round(String first, double a, String second, double b) {
        return new Comparisons.Round(List.of(first, second), List.of(a, b));
    }

    private static Comparisons.Asked asked(List<Comparisons.Fork> forks, boolean higherIsBetter) {
        List<Comparisons.Variant> details = List.of(
                new Comparisons.Variant("A", "a()", "x.Y.a", Map.of(), "us/op"),
                new Comparisons.Variant("B", "b()", "x.Y.b", Map.of(), "us/op"),
                new Comparisons.Variant("C", "c()", "x.Y.c", Map.of(), "us/op"));
        return new Comparisons.Asked("which one", "toy", "17", Map.of(), List.of("A", "B", "C"), "A", details, higherIsBetter, "",
                new Comparisons.Slices("50 ms", 20, 2, 3.5), forks, List.of(), jab.harness.stats.SequentialDesign.FIXED).withRatios(RatioVerdict.DEFAULT_BAND);
    }

    private static Comparisons.Fork fork(double bOverA, double cOverA) {
        return new Comparisons.Fork(1, List.of(
                new Comparisons.Round(List.of("B", "A", "C"), List.of(bOverA * 1.0, 1.0, cOverA * 1.0)),
                new Comparisons.Round(List.of("C", "B", "A"), List.of(cOverA * 2.0, bOverA * 2.0, 2.0))));
    }

    @Test
    void everyVariantAgainstTheReferenceFirstThenEveryOtherPair() {
        Comparisons.Asked q = asked(List.of(fork(1.10, 0.5), fork(1.12, 0.5), fork(1.08, 0.5)), false);
        assertThat(q.ratios()).extracting(Comparisons.Ratio::a, Comparisons.Ratio::b)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("B", "A"), org.assertj.core.groups.Tuple.tuple("C", "A"),
                        org.assertj.core.groups.Tuple.tuple("C", "B"));
        assertThat(q.answers()).hasSize(2);
        Comparisons.Ratio ba = q.ratios().get(0);
        double m = (Math.log(1.10) + Math.log(1.12) + Math.log(1.08)) / 3;
        assertThat(ba.ratio()).isCloseTo(Math.exp(m), within(1e-12));
        assertThat(ba.forks()).isEqualTo(3);
        assertThat(ba.rounds()).isEqualTo(6);
        assertThat(ba.intervalOver()).isEqualTo("forks");
        assertThat(ba.verdict()).isEqualTo("slower"); // B takes longer than A, wholly beyond +-3%
        assertThat(q.ratios().get(1).verdict()).isEqualTo("faster");
        assertThat(q.ratios().get(2).ratio()).isCloseTo(0.5 / Math.exp(m), within(1e-12));
    }

    @Test
    void aSliceThatIsMissingOrNotPositiveLeavesItsRoundOutOfThatPair() {
        Comparisons.Fork f = new Comparisons.Fork(7, List.of(
                round("A", 1.0, "B", 2.0),
                new Comparisons.Round(List.of("A", "C"), List.of(1.0, 3.0)),
                round("A", 1.0, "B", 0.0)));
        Comparisons.Asked q = asked(List.of(f), false);
        assertThat(q.ratio("B", "A").rounds()).isEqualTo(1);
        assertThat(q.ratio("B", "A").overForks()).isFalse();
        assertThat(q.ratios().get(0).intervalOver()).isEqualTo("rounds of one fork");
    }

    @Test
    void itIsReadBackAsWritten(@TempDir Path out) throws Exception {
        Comparisons doc = new Comparisons(Comparisons.FORMAT_VERSION, RatioVerdict.DEFAULT_BAND, List.of(asked(List.of(fork(1.1, 0.5), fork(1.2, 0.6)), true)));
        RunStore store = RunStore.create(out, "host", new ObjectMapper().createObjectNode(), RunRecord.NONE.request());
        store.writeDocument(Comparisons.NAME, doc);
        Comparisons back = RunResults.read(store.dir()).document(Comparisons.NAME, Comparisons.class).orElseThrow();
        assertThat(back).isEqualTo(doc);
        assertThat(new ObjectMapper().readTree(store.dir().resolve("comparisons.json").toFile()).path("questions").get(0)
                .path("forks").get(0).path("rounds").get(0).path("order").toString()).isEqualTo("[\"B\",\"A\",\"C\"]");
    }
}
