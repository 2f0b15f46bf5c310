package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void malformedShapesAreUsageErrorsNamingFileBenchmarkAndField(@TempDir Path dir) throws Exception {
        // each primaryMetric below breaks one rule JMH's own writer always keeps
        Map<String, String> broken = new LinkedHashMap<>();
        broken.put("\"score\": 1, \"rawDataHistogram\": [[[[1.0]]]]", "rawDataHistogram[0][0][0]");
        broken.put("\"score\": 1, \"rawDataHistogram\": [[[[1.0, 2.5]]]]", "rawDataHistogram[0][0][0]");
        broken.put("\"score\": 1, \"rawDataHistogram\": [[1.0]]", "rawDataHistogram[0][0]");
        broken.put("\"score\": 1, \"rawDataHistogram\": {}", "rawDataHistogram");
        broken.put("\"score\": 1, \"rawData\": [1.0, 2.0]", "rawData[0]");
        broken.put("\"score\": 1, \"rawData\": [[\"fast\"]]", "rawData[0][0]");
        broken.put("\"score\": \"high\"", "score");
        broken.put("\"scoreError\": 0.1", "score");
        broken.put("\"score\": 1, \"scoreUnit\": 5", "scoreUnit");
        int n = 0;
        for (Map.Entry<String, String> b : broken.entrySet()) {
            Path f = Files.writeString(dir.resolve("bad-" + n++ + ".json"),
                    "[{\"benchmark\": \"x.Y.z\", \"mode\": \"sample\", \"primaryMetric\": {" + b.getKey() + "}}]");
            assertThatThrownBy(() -> JmhJson.read(f, "f")).as(b.getKey()).isInstanceOf(UsageException.class)
                    .hasMessageStartingWith(f + " is not JMH JSON: benchmark x.Y.z: " + b.getValue() + " should be");
        }
        Path params = Files.writeString(dir.resolve("params.json"), "[{\"benchmark\": \"x.Y.z\", \"params\": [1],"
                + " \"primaryMetric\": {\"score\": 1}}]");
        assertThatThrownBy(() -> JmhJson.read(params, "f")).hasMessageContaining("benchmark x.Y.z: params should be");
        Path unnamed = Files.writeString(dir.resolve("unnamed.json"), "[{\"benchmark\": 7, \"primaryMetric\": {\"score\": 1}}]");
        assertThatThrownBy(() -> JmhJson.read(unnamed, "f")).hasMessageContaining("result 1: benchmark should be a name");
    }

    @Test
    void anythingElseIsAUsageErrorNamingTheFile() {
        for (String f : List.of("jmh/not-json.txt", "jmh/object.json", "jmh/not-results.json")) {
            assertThatThrownBy(() -> JmhJson.read(resource(f), "f")).isInstanceOf(UsageException.class)
                    .hasMessageContaining(f.substring(4)).hasMessageContaining("is not JMH JSON");
        }
    }
}
