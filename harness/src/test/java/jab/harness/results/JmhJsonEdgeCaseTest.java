package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import jab.harness.UsageException;

/** JMH's JSON as JMH writes it at the edges: NaN/INF strings, sample-mode histograms, no rawData. */
class JmhJsonEdgeCaseTest {

    private static Path resource(String name) {
        return jab.harness.compare.Fixtures.resource(name);
    }

    @Test
    void nanAndInfinityWrittenAsStringsOrBareTokensAreNumbers() {
        List<BenchResult> rs = JmhJson.read(resource("jmh/nan-inf.json"), "f");
        assertThat(rs).hasSize(2);
        BenchResult one = rs.get(0);
        assertThat(one.score()).isEqualTo(12.5);
        assertThat(one.scoreError()).isNaN();
        assertThat(one.samples()).isEqualTo(1);
        BenchResult inf = rs.get(1);
        assertThat(inf.score()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(inf.scoreError()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(inf.rawData().get(0)[0]).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(inf.rawData().get(0)[1]).isNaN();
        assertThat(inf.params()).isEmpty();
        assertThat(inf.higherIsBetter()).isTrue();
    }

    @Test
    void sampleModeHistogramsBecomeOneMeanPerIteration() {
        BenchResult r = JmhJson.read(resource("jmh/sample-mode.json"), "f").get(0);
        assertThat(r.mode()).isEqualTo("sample");
        assertThat(r.rawData()).hasSize(2);
        // fork 1: iteration 1 = (1*2 + 4*1) / 3 = 2, iteration 2 = 2; fork 2: (1 + 3) / 2 = 2
        assertThat(r.rawData().get(0)).containsExactly(2.0, 2.0);
        assertThat(r.rawData().get(1)).containsExactly(2.0);
        assertThat(r.samples()).isEqualTo(3);
        assertThat(r.higherIsBetter()).isFalse();
    }

    @Test
    void missingRawDataLeavesTheScoreAndNoSamples() {
        BenchResult r = JmhJson.read(resource("jmh/no-rawdata.json"), "f").get(0);
        assertThat(r.score()).isEqualTo(1234.5);
        assertThat(r.rawData()).isEmpty();
        assertThat(r.samples()).isZero();
        assertThat(r.jdkVersion()).isEmpty();
    }

    @Test
    void anythingElseIsAUsageErrorNamingTheFile() {
        for (String f : List.of("jmh/not-json.txt", "jmh/object.json", "jmh/not-results.json")) {
            assertThatThrownBy(() -> JmhJson.read(resource(f), "f")).isInstanceOf(UsageException.class)
                    .hasMessageContaining(f.substring(4)).hasMessageContaining("is not JMH JSON");
        }
    }
}
