package jab.harness.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.report.BuildVerdicts;

/** The ratios of a two-build run as each tracker reads them: head/base, smaller is better, with the interval over forks. */
class RatioExportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final BuildVerdicts.Row SLOWER = new BuildVerdicts.Row("head against base, W.work", "demo.W.work (JDK 17)", "17", 100,
            103, "ns/op", 1.03, 1.02, 1.04, 5, "forks", "slower", "");
    private static final BuildVerdicts.Row ONE_FORK = new BuildVerdicts.Row("head against base, W.other", "demo.W.other (JDK 17)", "17",
            100, 99, "ns/op", 0.99, 0.98, 1.0, 1, "rounds of one fork", "undecided", "");

    @TempDir
    Path dir;

    @Test
    void githubActionBenchmarkGetsOneSmallerIsBetterFileOfRatios() throws IOException {
        List<ExportFormat.Written> w = new GithubActionBenchmark().writeRatios(List.of(SLOWER), dir);
        assertThat(w).hasSize(1);
        assertThat(w.get(0).what()).contains("smaller is better", "customSmallerIsBetter");
        JsonNode entry = JSON.readTree(w.get(0).file().toFile()).get(0);
        assertThat(entry.path("name").asText()).isEqualTo("demo.W.work (JDK 17)");
        assertThat(entry.path("unit").asText()).isEqualTo("head/base");
        assertThat(entry.path("value").asDouble()).isCloseTo(1.03, within(1e-12));
        assertThat(entry.path("range").asText()).isEqualTo("± 0.010");
        assertThat(entry.path("extra").asText()).contains("smaller is better", "1.020-1.040 (5 forks)", "slower", "base 100.000 ns/op");
    }

    @Test
    void bencherGetsTheRatioMeasureWithBoundsOnlyWhereTheyVaryOverForks() throws IOException {
        new BencherMetricFormat().writeRatios(List.of(SLOWER, ONE_FORK), dir);
        JsonNode bmf = JSON.readTree(dir.resolve("bencher.json").toFile());
        JsonNode m = bmf.path("demo.W.work (JDK 17)").path(BencherMetricFormat.RATIO);
        assertThat(m.path("value").asDouble()).isEqualTo(1.03);
        assertThat(m.path("lower_value").asDouble()).isEqualTo(1.02);
        assertThat(m.path("upper_value").asDouble()).isEqualTo(1.04);
        assertThat(bmf.path("demo.W.other (JDK 17)").path(BencherMetricFormat.RATIO).has("lower_value")).isFalse();
    }

    @Test
    void csvAndMarkdownGetARowPerBenchmark() throws IOException {
        new CsvExport().writeRatios(List.of(SLOWER), dir);
        assertThat(Files.readAllLines(dir.resolve("jab-ratios.csv"))).hasSize(2).first().asString().startsWith("benchmark,jdk,base,head");
        new MarkdownExport().writeRatios(List.of(SLOWER), dir);
        assertThat(Files.readString(dir.resolve("jab-ratios.md"))).contains("| head against base, W.work | 17 |", "| slower |");
    }
}
