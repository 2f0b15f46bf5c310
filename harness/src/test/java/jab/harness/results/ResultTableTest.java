package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The B/op column: JMH's gc profiler's allocation per operation, shown only where it was measured. */
class ResultTableTest {
    private static BenchResult result(Map<String, Double> secondary) {
        return new BenchResult("17", "x.y.Bench.run", "avgt", Map.of(), 1.5, 0.1, "us/op",
                List.of(new double[] {1.4, 1.6}, new double[] {1.5, 1.5}), 4, "17", "vm", "17", List.of(), 1, 0.2, secondary);
    }

    @Test
    void bytesPerOpBesideTimeWhenTheGcProfilerMeasuredIt() {
        String table = ResultTable.format(List.of(result(Map.of("gc.alloc.rate.norm", 184.02, "gc.count", 3.0))));
        String[] lines = table.split("\n");
        assertThat(lines[0]).contains("Units  B/op");
        assertThat(lines[1]).containsPattern("us/op\\s+184\\s");
    }

    @Test
    void olderJmhPrefixReadsTheSame() {
        assertThat(ResultTable.allocation(result(Map.of("\u00b7gc.alloc.rate.norm", 0.004)))).contains(0.004);
        assertThat(ResultTable.format(List.of(result(Map.of("\u00b7gc.alloc.rate.norm", 0.004))))).contains("B/op").contains(" 0.0 ");
    }

    @Test
    void noColumnWithoutTheMetric() {
        assertThat(ResultTable.format(List.of(result(Map.of())))).doesNotContain("B/op");
        assertThat(ResultTable.format(List.of(result(Map.of("gc.count", 2.0))))).doesNotContain("B/op");
    }

    @Test
    void jmhJsonSecondaryMetricsAreRead(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("jmh.json"), """
                [{"benchmark":"a.B.c","mode":"avgt","threads":1,"forks":1,"jdkVersion":"17","vmName":"v","vmVersion":"17",
                  "measurementTime":"1 s","params":{},
                  "primaryMetric":{"score":2.0,"scoreError":"NaN","scoreUnit":"us/op","rawData":[[2.0]]},
                  "secondaryMetrics":{"gc.alloc.rate.norm":{"score":96.0,"scoreError":0.5,"scoreUnit":"B/op","rawData":[[96.0]]}}}]
                """);
        BenchResult r = JmhJson.read(f, "17").get(0);
        assertThat(ResultTable.allocation(r)).contains(96.0);
        assertThat(ResultTable.format(List.of(r))).contains("B/op");
    }
}
