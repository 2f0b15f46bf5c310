package jab.harness.fs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jab.bench.fs.ExistenceCheck;
import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;

/** The fs section of summary.md and the reports: API x scenario per JDK, the native rows, the JVM/native ratio, semantics. */
final class FsSection {
    private static final String BENCH = "jab.bench.fs.FileExistsBenchmark.";

    private FsSection() {
    }

    static void render(RunResults run, Page page, int level) {
        page.heading(level, "fs: file-existence checks");
        page.paragraph("Average time per check (us/op, ± JMH's 99.9% error). `native stat` and `native access` are the same "
                + "paths checked from C in the same run (`FFM`: the same calls through the Foreign Function API, JDK 22+); "
                + "the ratio is the JVM figure over native stat: the JVM tax.");
        for (String jdk : run.jdkIds()) {
            List<BenchResult> fs = RunResults.filter(run.jmh(jdk), r -> r.benchmark().startsWith(BENCH));
            if (!fs.isEmpty()) {
                jdkTables(run, page, level + 1, jdk, fs);
            }
        }
        run.document(FsSemanticsDocument.NAME, FsSemanticsDocument.class).ifPresent(doc -> {
            page.heading(level + 1, "Semantics: what each API answers");
            FsSemanticsTable.renderAll(page, doc.semantics());
        });
    }

    private static void jdkTables(RunResults run, Page page, int level, String jdk, List<BenchResult> fs) {
        String files = fs.get(0).param("files");
        page.heading(level, "JDK " + jdk + " (" + fs.get(0).jdkVersion() + ", files=" + files + ")");
        List<String> header = new ArrayList<>(List.of("API"));
        header.addAll(List.of(FsNativeBaseline.SCENARIOS));
        List<List<String>> rows = new ArrayList<>();
        for (ExistenceCheck api : ExistenceCheck.values()) {
            rows.add(row("`" + api.call() + "`", s -> find(fs, s, api.name(), files).map(ResultTable::cell).orElse("-")));
        }
        List<BenchResult> ffm = RunResults.filter(run.jmh(jdk), r -> r.benchmark().startsWith(FsFamily.FFM_BENCHMARK));
        for (String call : ffm.isEmpty() ? new String[0] : FsNativeBaseline.CALLS) {
            rows.add(row("FFM " + call + " (JDK " + jdk + ")", s -> ffm.stream().filter(r -> r.method().equals(s)
                    && call.equals(r.param("call")) && sameFiles(r, files)).findFirst().map(ResultTable::cell).orElse("-")));
        }
        for (String call : FsNativeBaseline.CALLS) {
            rows.add(row("native " + call, s -> nativeOf(run, call, s, files).map(ResultTable::cell).orElse("skipped")));
        }
        page.table(header, rows, 1);
        page.paragraph("JVM / native stat:");
        List<List<String>> ratios = new ArrayList<>();
        for (ExistenceCheck api : ExistenceCheck.values()) {
            ratios.add(row("`" + api.call() + "`", s -> {
                Optional<BenchResult> jvm = find(fs, s, api.name(), files);
                Optional<BenchResult> nat = nativeOf(run, "stat", s, files);
                return jvm.isPresent() && nat.isPresent()
                        ? String.format(Locale.ROOT, "%.2fx", jvm.get().score() / nat.get().score()) : "-";
            }));
        }
        page.table(header, ratios, 1);
    }

    /** A row: its label, then a cell per scenario. */
    private static List<String> row(String label, java.util.function.Function<String, String> cellOfScenario) {
        List<String> cells = new ArrayList<>(List.of(label));
        for (String s : FsNativeBaseline.SCENARIOS) {
            cells.add(cellOfScenario.apply(s));
        }
        return cells;
    }

    private static boolean sameFiles(BenchResult r, String files) {
        return files == null || files.equals(r.param("files"));
    }

    private static Optional<BenchResult> find(List<BenchResult> fs, String scenario, String api, String files) {
        return fs.stream().filter(r -> r.method().equals(scenario) && api.equals(r.param("api")) && sameFiles(r, files)).findFirst();
    }

    private static Optional<BenchResult> nativeOf(RunResults run, String call, String scenario, String files) {
        return run.baselines().stream().filter(r -> r.benchmark().equals("native.fs." + call + "." + scenario) && sameFiles(r, files))
                .findFirst();
    }
}
