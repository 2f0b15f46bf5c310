package jab.harness.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import jab.harness.report.BuildVerdicts;

/**
 * One CSV row per result, for spreadsheets and scripts: benchmark, params, JDK, mode, score, unit,
 * JMH's 99.9% error, jab's 95% interval over forks (low, high, the forks, how it was computed) and
 * the direction. A figure that does not exist is an empty cell, never NaN.
 */
final class CsvExport implements ExportFormat {
    private static final CsvMapper CSV = new CsvMapper();

    @JsonPropertyOrder({"benchmark", "params", "jdk", "mode", "score", "unit", "jmh_error_99_9", "jab_low_95", "jab_high_95",
        "forks", "jab_interval", "direction"})
    record Row(String benchmark, String params, String jdk, String mode, double score, String unit,
               @JsonProperty("jmh_error_99_9") Double jmhError, @JsonProperty("jab_low_95") Double low,
               @JsonProperty("jab_high_95") Double high, int forks, @JsonProperty("jab_interval") String interval, String direction) {
        static Row of(ExportRow r) {
            return new Row(r.result().benchmark(), r.params(), r.sourceWords(), r.result().mode(), r.result().score(), r.result().unit(),
                    finite(r.jmhError()), finite(r.low()), finite(r.high()), r.interval().forks(), r.interval().method().words,
                    r.direction().words);
        }
    }

    @Override
    public String name() {
        return "csv";
    }

    @Override
    public List<Written> write(List<ExportRow> rows, Path dir) throws IOException {
        Path file = dir.resolve("jab.csv");
        CsvSchema schema = CSV.schemaFor(Row.class).withHeader();
        CSV.writer(schema).writeValue(file.toFile(), rows.stream().map(Row::of).toList());
        long bigger = rows.stream().filter(r -> r.direction() == Direction.BIGGER_IS_BETTER).count();
        return List.of(new Written(file, rows.size() + " results, a row each; column direction: " + bigger + " bigger is better, "
                + (rows.size() - bigger) + " smaller is better"));
    }

    @JsonPropertyOrder({"benchmark", "jdk", "base", "head", "unit", "head_over_base", "low_95", "high_95", "forks", "interval",
        "verdict"})
    record RatioRow(String benchmark, String jdk, Double base, Double head, String unit, @JsonProperty("head_over_base") double ratio,
                    @JsonProperty("low_95") Double low, @JsonProperty("high_95") Double high, int forks, String interval, String verdict) {
        static RatioRow of(BuildVerdicts.Row r) {
            return new RatioRow(r.name(), r.jdk(), finite(r.base()), finite(r.head()), r.unit(), r.ratio(), finite(r.low()),
                    finite(r.high()), r.forks(), r.intervalWords(), r.verdictWords());
        }
    }

    @Override
    public List<Written> writeRatios(List<BuildVerdicts.Row> rows, Path dir) throws IOException {
        Path file = dir.resolve("jab-ratios.csv");
        CSV.writer(CSV.schemaFor(RatioRow.class).withHeader()).writeValue(file.toFile(), rows.stream().map(RatioRow::of).toList());
        return List.of(new Written(file, rows.size() + " ratios head/base (the head's time over the base's, smaller is better), a row each"));
    }

    static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
