package jab.harness.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.JabRunner;
import jab.harness.results.BenchResult;
import jab.harness.results.Synthetic;

/** {@code jab export}: each format on a run with a throughput and a time result, and its bad input. */
class ExportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** A run directory holding one JDK's JMH JSON: a thrpt result in ops/ms and an avgt result in us/op, 3 forks each. */
    private Path run() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("run"));
        BenchResult thrpt = Synthetic.result("thrpt", "ops/ms", 500, 1);
        BenchResult avgt = Synthetic.result("avgt", "us/op", 2, 2);
        Synthetic.write(run.resolve("jmh-17.json"), thrpt, avgt);
        return run;
    }

    @Test
    void aThroughputAndATimeGoToOppositeDirections() throws IOException {
        assertThat(Direction.of(Synthetic.result("thrpt", "ops/ms", 500, 1))).contains(Direction.BIGGER_IS_BETTER);
        assertThat(Direction.of(Synthetic.result("avgt", "us/op", 2, 2))).contains(Direction.SMALLER_IS_BETTER);
        assertThat(Direction.of(Synthetic.result("ss", "s/op", 2, 2))).contains(Direction.SMALLER_IS_BETTER);

        Path out = tmp.resolve("export");
        JabRunner r = JabRunner.run("export", run().toString(), "--format", "github-action-benchmark", "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        Path bigger = out.resolve("github-action-benchmark-bigger-is-better.json");
        Path smaller = out.resolve("github-action-benchmark-smaller-is-better.json");
        assertThat(r.out).contains(bigger.toString(), smaller.toString(), "bigger is better", "customBiggerIsBetter",
                "smaller is better", "customSmallerIsBetter");

        JsonNode up = JSON.readTree(bigger.toFile());
        JsonNode down = JSON.readTree(smaller.toFile());
        assertThat(up).hasSize(1);
        assertThat(down).hasSize(1);
        assertThat(up.get(0).path("unit").asText()).isEqualTo("ops/ms");
        assertThat(down.get(0).path("unit").asText()).isEqualTo("us/op");
        assertThat(up.get(0).path("value").asDouble()).isCloseTo(500, org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(up.get(0).path("name").asText()).isEqualTo(Synthetic.BENCHMARK + " {size=1024} (JDK 17)");
        // range: jab's interval over the 3 forks; extra says so, and carries JMH's error
        assertThat(up.get(0).path("range").asText()).startsWith("± ");
        assertThat(up.get(0).path("extra").asText()).contains("bigger is better", "jab's 95% interval of the mean over forks",
                "3 forks, t over fork means", "JMH error (99.9%");
    }

    @Test
    void bencherGetsLatencyInNanosecondsAndThroughputPerSecondWithJabsInterval() throws IOException {
        Path run = run();
        JabRunner r = JabRunner.run("export", run.toString(), "--format", "bencher");
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        // without --out: RUN/export
        JsonNode bmf = JSON.readTree(run.resolve("export/bencher.json").toFile());
        JsonNode latency = bmf.path(Synthetic.BENCHMARK + " {size=1024} (JDK 17)").path("latency");
        JsonNode throughput = bmf.path(Synthetic.BENCHMARK + " {size=1024} (JDK 17)").path("throughput");
        assertThat(latency.path("value").asDouble()).isCloseTo(2000, org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(throughput.path("value").asDouble()).isCloseTo(500_000, org.assertj.core.data.Percentage.withPercentage(2));
        for (JsonNode m : List.of(latency, throughput)) {
            assertThat(m.path("lower_value").asDouble()).isLessThan(m.path("value").asDouble());
            assertThat(m.path("upper_value").asDouble()).isGreaterThan(m.path("value").asDouble());
        }
    }

    @Test
    void csvAndMarkdownHaveARowPerResultWithItsDirection() throws IOException {
        Path run = run();
        assertThat(JabRunner.run("export", run.toString(), "--format", "csv").exitCode).isZero();
        Path file = run.resolve("export/jab.csv");
        assertThat(Files.readAllLines(file).get(0)).isEqualTo("benchmark,params,jdk,mode,score,unit,jmh_error_99_9,jab_low_95,"
                + "jab_high_95,forks,jab_interval,direction");
        CsvMapper csv = new CsvMapper();
        List<Map<String, String>> rows;
        try (MappingIterator<Map<String, String>> it = csv.readerFor(Map.class).with(CsvSchema.emptySchema().withHeader())
                .readValues(file.toFile())) {
            rows = it.readAll();
        }
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).containsEntry("benchmark", Synthetic.BENCHMARK).containsEntry("params", "size=1024")
                .containsEntry("jdk", "JDK 17").containsEntry("mode", "thrpt").containsEntry("unit", "ops/ms")
                .containsEntry("forks", "3").containsEntry("direction", "bigger is better");
        assertThat(rows.get(1)).containsEntry("mode", "avgt").containsEntry("direction", "smaller is better");
        assertThat(Double.parseDouble(rows.get(1).get("jab_low_95"))).isLessThan(Double.parseDouble(rows.get(1).get("score")));

        assertThat(JabRunner.run("export", run.toString(), "--format", "markdown").exitCode).isZero();
        String md = Files.readString(run.resolve("export/jab.md"));
        assertThat(md).contains("| Benchmark | Params | JDK | Mode |").contains("ops/ms").contains("bigger is better")
                .contains("smaller is better").contains("3 forks, t over fork means");
    }

    @Test
    void anUnknownFormatOrADirectoryThatIsNotARunIsRefused() throws IOException {
        JabRunner r = JabRunner.run("export", run().toString(), "--format", "junit");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("unknown export format 'junit'", "github-action-benchmark, bencher, csv, markdown");

        Path empty = Files.createDirectories(tmp.resolve("empty"));
        r = JabRunner.run("export", empty.toString(), "--format", "csv");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("is not a jab run directory");
        r = JabRunner.run("export", tmp.resolve("missing").toString(), "--format", "csv");
        assertThat(r.exitCode).isEqualTo(2);
    }
}
