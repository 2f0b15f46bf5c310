package jab.harness.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jab.harness.family.FamilySet;
import jab.harness.page.ChartSpec;
import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultSource;
import jab.harness.results.ResultTable;
import jab.harness.results.Units;
import jab.harness.stats.RatioVerdict;

/**
 * One report from runs of several machines, laid out like seed 000's README: a section per OS and
 * hardware (runs of the same machine together, each with its answers), then the results side by side
 * across machines with charts, each question's answers on every machine and where they differ, then
 * each machine's fingerprint.
 */
public final class Merge {
    private Merge() {
    }

    public static void write(List<ResultSource> runs, FamilySet families, Path out) throws IOException {
        Map<String, List<ResultSource>> machines = new LinkedHashMap<>();
        runs.forEach(r -> machines.computeIfAbsent(r.machine(), k -> new ArrayList<>()).add(r));
        List<String> ids = new ArrayList<>();
        machines.keySet().forEach(m -> ids.add("M" + (ids.size() + 1)));
        Report.write(out, "jab merged report", page -> {
            page.paragraph(runs.size() + " run(s) from " + machines.size() + " machine(s); M1, M2, ... name them below.");
            List<List<String>> rows = new ArrayList<>();
            int k = 0;
            for (Map.Entry<String, List<ResultSource>> m : machines.entrySet()) {
                rows.add(List.of(ids.get(k++), m.getKey(), String.join(", ", m.getValue().stream().map(ResultSource::name).toList())));
            }
            page.table(List.of("id", "machine", "runs"), rows);
            k = 0;
            for (Map.Entry<String, List<ResultSource>> m : machines.entrySet()) {
                ResultSource first = m.getValue().get(0);
                page.heading(1, ids.get(k++) + ": " + (Report.envOf(first) == null ? "unknown machine" : osLine(first)));
                Report.machineHeadings(page, first, 2);
                for (ResultSource in : m.getValue()) {
                    page.heading(3, "Run " + in.name());
                    Report.runInfo(page, in);
                    Report.results(page, in.scored(), 4);
                    if (in.run().isPresent()) {
                        Summary.answers(page, in.run().get(), 4);
                    }
                    Report.familySections(page, in, families, 4);
                    Report.notes(page, in, 4);
                }
            }
            across(page, machines, ids);
            k = 0;
            for (List<ResultSource> ins : machines.values()) {
                page.heading(1, "Fingerprint of " + ids.get(k++));
                Report.fingerprint(page, ins.get(0), 2);
            }
        });
    }

    private static String osLine(ResultSource in) {
        var os = Report.envOf(in).path("os");
        return os.path("name").asText() + " (" + os.path("kernel").asText() + ")";
    }

    /**
     * Per benchmark group: a table and a chart with a column per machine and JDK (each variant's score over its
     * question's interleaved forks, as each run's tables give it); then the answers side by side
     * ({@link AnswersAcrossMachines}), where machines are compared: no score is divided by another machine's.
     */
    private static void across(Page page, Map<String, List<ResultSource>> machines, List<String> ids) {
        page.heading(1, "Across machines");
        // column "M1 JDK 17" -> results; rows keyed by group, then by method + params
        Map<String, Map<String, Map<String, BenchResult>>> groups = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        Set<String> columns = new LinkedHashSet<>();
        int k = 0;
        for (List<ResultSource> ins : machines.values()) {
            String id = ids.get(k++);
            for (ResultSource in : ins) {
                for (ResultSource.Entry e : in.scored().entries()) {
                    BenchResult r = e.result();
                    String col = id + (e.jdk().isEmpty() ? "" : ResultSource.outsideJmh(e.jdk()) ? " " + e.jdk() : " JDK " + e.jdk());
                    String group = Labels.classOf(r.benchmark()) + (r.mode().equals("avgt") ? "" : " (" + r.mode() + ")");
                    String unit = units.computeIfAbsent(group, g -> r.unit());
                    columns.add(col);
                    String row = r.method() + (r.params().isEmpty() ? "" : " " + params(r));
                    groups.computeIfAbsent(group, g -> new LinkedHashMap<>()).computeIfAbsent(row, x -> new LinkedHashMap<>())
                            .putIfAbsent(col, Units.convert(r, unit));
                }
            }
        }
        for (Map.Entry<String, Map<String, Map<String, BenchResult>>> g : groups.entrySet()) {
            List<String> cols = columns.stream().filter(c -> g.getValue().values().stream().anyMatch(m -> m.containsKey(c))).toList();
            String unit = units.get(g.getKey());
            page.heading(2, Labels.simpleName(g.getKey().split(" ")[0]) + (g.getKey().contains(" ") ? g.getKey().substring(g.getKey().indexOf(' ')) : "")
                    + " (" + unit + ")");
            List<String> header = new ArrayList<>(List.of("benchmark"));
            header.addAll(cols);
            List<List<String>> rows = new ArrayList<>();
            List<ChartSpec.Series> series = new ArrayList<>();
            cols.forEach(c -> series.add(new ChartSpec.Series(c)));
            for (Map.Entry<String, Map<String, BenchResult>> row : g.getValue().entrySet()) {
                List<String> cells = new ArrayList<>(List.of(row.getKey()));
                for (int i = 0; i < cols.size(); i++) {
                    BenchResult r = row.getValue().get(cols.get(i));
                    cells.add(r == null ? "-" : ResultTable.number(r.score())
                            + (Double.isFinite(r.scoreError()) ? " ± " + ResultTable.number(r.scoreError()) : ""));
                    series.get(i).add(r == null ? Double.NaN : r.score(), r == null ? Double.NaN : r.scoreError());
                }
                rows.add(cells);
            }
            page.table(header, rows);
            ChartSpec chart = new ChartSpec("bar", Labels.simpleName(g.getKey().split(" ")[0]) + " across machines", "benchmark",
                    unit + ", ± JMH's 99.9% error", new ArrayList<>(g.getValue().keySet()), series);
            if (!chart.isEmpty()) {
                page.chart(chart.pruned());
            }
        }
        AnswersAcrossMachines.write(page, machines, ids, RatioVerdict.DEFAULT_BAND, 1);
    }

    private static String params(BenchResult r) {
        List<String> ps = new ArrayList<>();
        r.params().forEach((k, v) -> ps.add(k + "=" + v));
        return String.join(",", ps);
    }
}
