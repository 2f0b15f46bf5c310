package jab.harness.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import jab.harness.report.BuildVerdicts;
import jab.harness.results.ResultTable;

/**
 * benchmark-action/github-action-benchmark's custom JSON (a list of name, unit, value, range, extra),
 * one file per direction, because the action takes the direction from the tool of a whole file:
 * {@code customBiggerIsBetter} for throughput, {@code customSmallerIsBetter} for times. A direction
 * without results gets no file: the action fails on an empty list.
 *
 * <p>range is jab's fork-level 95% interval when the result has one (JMH's 99.9% error otherwise);
 * extra says which it is, and carries the other, the forks and the mode.
 */
final class GithubActionBenchmark implements ExportFormat {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @JsonPropertyOrder({"name", "unit", "value", "range", "extra"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Entry(String name, String unit, double value, String range, String extra) {
    }

    @Override
    public String name() {
        return "github-action-benchmark";
    }

    @Override
    public List<Written> write(List<ExportRow> rows, Path dir) throws IOException {
        List<Written> out = new ArrayList<>();
        for (Direction d : Direction.values()) {
            List<Entry> entries = rows.stream().filter(r -> r.direction() == d).map(GithubActionBenchmark::entry).toList();
            if (entries.isEmpty()) {
                out.add(new Written(null, "no result is " + d.words + ", so no file for " + d.actionTool
                        + " (the action refuses an empty list)"));
                continue;
            }
            Path file = dir.resolve(name() + "-" + d.slug() + ".json");
            JSON.writeValue(file.toFile(), entries);
            out.add(new Written(file, entries.size() + " results, " + d.words + ": the action's tool " + d.actionTool));
        }
        return out;
    }

    /** One file for the tool customSmallerIsBetter: a ratio of times is smaller-is-better whatever the benchmark's mode. */
    @Override
    public List<Written> writeRatios(List<BuildVerdicts.Row> rows, Path dir) throws IOException {
        List<Entry> entries = rows.stream().map(GithubActionBenchmark::entry).toList();
        Path file = dir.resolve(name() + "-ratios.json");
        JSON.writeValue(file.toFile(), entries);
        return List.of(new Written(file, entries.size() + " ratios head/base (the head's time over the base's), smaller is better: "
                + "the action's tool " + Direction.SMALLER_IS_BETTER.actionTool));
    }

    static Entry entry(BuildVerdicts.Row r) {
        String range = Double.isFinite(r.low()) ? "± " + ResultTable.number((r.high() - r.low()) / 2) : null;
        String extra = String.join("\n", "ratio head/base: the head's time per operation over the base's, smaller is better",
                "95% interval: " + r.intervalWords() + ", verdict: " + r.verdictWords(),
                "base " + ResultTable.number(r.base()) + " " + r.unit() + ", head " + ResultTable.number(r.head()) + " " + r.unit());
        return new Entry(r.name(), "head/base", r.ratio(), range, extra);
    }

    static Entry entry(ExportRow r) {
        String range = null;
        if (r.interval().hasInterval()) {
            range = "± " + ResultTable.number(r.interval().halfWidth());
        } else if (Double.isFinite(r.jmhError())) {
            range = r.jmhErrorWords();
        }
        List<String> extra = new ArrayList<>();
        extra.add(r.direction().words + " (" + r.result().unit() + "), mode " + r.result().mode());
        extra.add("range: " + (r.forkLevel() ? "jab's 95% interval of the mean over forks"
                : r.interval().hasInterval() ? "jab's 95% interval of one fork's iterations (fork-to-fork variance unknown)"
                : Double.isFinite(r.jmhError()) ? "JMH's 99.9% error (no interval of jab's)" : "none"));
        extra.add("jab 95% interval: " + r.intervalWords());
        if (Double.isFinite(r.jmhError())) {
            extra.add("JMH error (99.9%, all iterations pooled): " + r.jmhErrorWords());
        }
        return new Entry(r.name(), r.result().unit(), r.result().score(), range, String.join("\n", extra));
    }
}
