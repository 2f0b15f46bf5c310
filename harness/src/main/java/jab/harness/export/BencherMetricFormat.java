package jab.harness.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import jab.harness.report.BuildVerdicts;

/**
 * Bencher Metric Format (BMF) JSON for {@code bencher run --adapter json --file ...}: per benchmark
 * name, one measure with value, lower_value and upper_value. Times go to Bencher's built-in
 * {@code latency} measure (nanoseconds), throughputs to {@code throughput} (operations per second),
 * converted so; Bencher knows each measure's direction itself. lower and upper are jab's 95% interval
 * over forks; a result with one fork has none (its interval covers only the iterations and would
 * read as narrower than it is).
 */
final class BencherMetricFormat implements ExportFormat {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @JsonPropertyOrder({"value", "lower_value", "upper_value"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Metric(double value, @JsonProperty("lower_value") Double lower, @JsonProperty("upper_value") Double upper) {
    }

    /** The measure of a ratio head/base. */
    static final String RATIO = "head-base-ratio";

    @Override
    public String name() {
        return "bencher";
    }

    /** A measure of its own, {@value #RATIO}, which Bencher creates on first use; lower and upper are the 95% interval over forks. */
    @Override
    public List<Written> writeRatios(List<BuildVerdicts.Row> rows, Path dir) throws IOException {
        Map<String, Map<String, Metric>> bmf = new LinkedHashMap<>();
        for (BuildVerdicts.Row r : rows) {
            Metric m = r.intervalOver().equals("forks") ? new Metric(r.ratio(), r.low(), r.high()) : new Metric(r.ratio(), null, null);
            bmf.computeIfAbsent(r.name(), k -> new LinkedHashMap<>()).put(RATIO, m);
        }
        Path file = dir.resolve("bencher.json");
        JSON.writeValue(file.toFile(), bmf);
        return List.of(new Written(file, rows.size() + " ratios head/base (the head's time over the base's) as the measure " + RATIO
                + ": smaller is better (give its threshold an upper boundary)"));
    }

    @Override
    public List<Written> write(List<ExportRow> rows, Path dir) throws IOException {
        Map<String, Map<String, Metric>> bmf = new LinkedHashMap<>();
        long withBounds = 0;
        for (ExportRow row : rows) {
            boolean time = row.direction() == Direction.SMALLER_IS_BETTER;
            ExportRow r = row.in(time ? "ns/op" : "ops/s");
            // a unit that does not convert keeps its own measure, named by the unit, rather than a wrong scale
            String measure = r.result().unit().equals(time ? "ns/op" : "ops/s") ? (time ? "latency" : "throughput") : r.result().unit();
            Metric m = r.forkLevel() ? new Metric(r.result().score(), r.low(), r.high()) : new Metric(r.result().score(), null, null);
            withBounds += r.forkLevel() ? 1 : 0;
            bmf.computeIfAbsent(r.name(), k -> new LinkedHashMap<>()).put(measure, m);
        }
        Path file = dir.resolve("bencher.json");
        JSON.writeValue(file.toFile(), bmf);
        return List.of(new Written(file, rows.size() + " results (latency in ns: smaller is better; throughput in ops/s: "
                + "bigger is better), " + withBounds + " with lower/upper from jab's 95% interval over forks"));
    }
}
