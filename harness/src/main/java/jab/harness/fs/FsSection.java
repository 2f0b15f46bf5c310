package jab.harness.fs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import jab.bench.fs.ExistenceCheck;
import jab.harness.page.Page;
import jab.harness.results.PairAnswers;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;

/**
 * The fs section of summary.md and the reports: API x scenario per JDK (time and bytes allocated per
 * check, each API over its question's interleaved forks) with the in-process floor; the C floors in
 * a table of their own (processes of their own, no ratio); the syscalls each API makes as traced,
 * each API's JVM tax from its question's answer, and the semantics.
 */
final class FsSection {
    static final String BENCH = "jab.bench.fs.FileExistsBenchmark.";

    private FsSection() {
    }

    static void render(RunResults run, Page page, int level) {
        page.heading(level, "fs: file-existence checks");
        page.paragraph("Average time per check (us/op, ± jab's fork-level 95% interval: an API and the in-process floor over "
                + "their question's interleaved forks) and, where JMH's gc profiler measured it in the API's solo fork, bytes "
                + "allocated per check (B/op). `stat(2) from the fork` is the in-process floor: the bare syscall through JNI, "
                + "interleaved with the APIs in the same forks. The C programs' table under it: the same paths in the "
                + "same run, in processes of their own: stat, lstat, statx (following a final symlink, and with "
                + "AT_SYMLINK_NOFOLLOW), access, and the old stat syscall that some JDK builds still make (`syscall_stat`) "
                + "(`FFM`: the same calls through the Foreign Function API, JDK 22+); they were never measured at the same "
                + "moments as the APIs, so no ratio divides by them. The random scenarios make the calls of their single-file "
                + "counterpart.");
        Optional<FsSyscallsDocument> traces = run.document(FsSyscallsDocument.NAME, FsSyscallsDocument.class);
        for (String jdk : run.jdkIds()) {
            List<BenchResult> fs = RunResults.filter(run.scores(jdk), r -> r.benchmark().startsWith(BENCH));
            if (!fs.isEmpty()) {
                jdkTables(run, page, level + 1, jdk, fs, traces);
            }
        }
        run.document(FsSemanticsDocument.NAME, FsSemanticsDocument.class).ifPresent(doc -> {
            page.heading(level + 1, "Semantics: what each API answers");
            FsSemanticsTable.renderAll(page, doc.semantics());
        });
    }

    private static void jdkTables(RunResults run, Page page, int level, String jdk, List<BenchResult> fs,
                                  Optional<FsSyscallsDocument> traces) {
        String files = fs.get(0).param("files");
        page.heading(level, "JDK " + jdk + " (" + fs.get(0).jdkVersion() + ", files=" + files + ")");
        List<String> header = new ArrayList<>(List.of("API"));
        header.addAll(List.of(FsNativeBaseline.SCENARIOS));
        List<List<String>> rows = new ArrayList<>();
        for (ExistenceCheck api : ExistenceCheck.values()) {
            rows.add(row("`" + api.call() + "`", s -> find(fs, s, api.name(), files).map(FsSection::timeAndBytes).orElse("-")));
        }
        List<BenchResult> floors = RunResults.filter(run.scores(jdk), r -> r.benchmark().startsWith(FsFamily.STAT_FLOOR) && sameFiles(r, files));
        if (!floors.isEmpty()) {
            rows.add(row("stat(2) from the fork (JNI)", s -> floors.stream().filter(r -> r.method().equals(s)).findFirst()
                    .map(ResultTable::cell).orElse("-")));
        }
        List<BenchResult> ffm = RunResults.filter(run.jmh(jdk), r -> r.benchmark().startsWith(FsFamily.FFM_BENCHMARK));
        for (String call : ffm.isEmpty() ? new String[0] : FsNativeBaseline.CALLS) {
            List<BenchResult> ofCall = ffm.stream().filter(r -> call.equals(r.param("call")) && sameFiles(r, files)).toList();
            if (!ofCall.isEmpty()) {
                rows.add(row("FFM " + call + " (JDK " + jdk + ")", s -> ofCall.stream().filter(r -> r.method().equals(s))
                        .findFirst().map(ResultTable::cell).orElse("-")));
            }
        }
        page.table(header, rows, 1);
        List<List<String>> cRows = new ArrayList<>();
        for (String call : FsNativeBaseline.CALLS) {
            cRows.add(row("C " + call, s -> nativeOf(run, FsNativeBaseline.name(call, s), files).map(ResultTable::cell)
                    .orElse("skipped")));
        }
        List<String> cHeader = new ArrayList<>(List.of("C program (processes of their own)"));
        cHeader.addAll(List.of(FsNativeBaseline.SCENARIOS));
        page.table(cHeader, cRows, 1);
        traces.ifPresent(doc -> syscalls(page, jdk, doc));
        List<List<String>> taxes = new ArrayList<>();
        for (ExistenceCheck api : ExistenceCheck.values()) {
            taxes.add(row("`" + api.call() + "`", s -> find(fs, s, api.name(), files).flatMap(jvm -> PairAnswers.tax(run, jdk, jvm))
                    .map(PairAnswers.Cost::words).orElse("-")));
        }
        if (taxes.stream().anyMatch(r -> r.subList(1, r.size()).stream().anyMatch(c -> !c.equals("-")))) {
            page.paragraph("The JVM tax: each API's time over stat(2) from the fork (JNI), in the same interleaved forks (its "
                    + "question's answer, with its 95% interval over forks). The floor makes newfstatat: an API making another "
                    + "syscall (the trace above) carries that syscall's own cost beside the JVM's.");
            page.table(header, taxes, 1);
        }
    }

    /** Syscalls (and exceptions) per check on this JDK, as traced: existing file and missing path. */
    private static void syscalls(Page page, String jdk, FsSyscallsDocument doc) {
        List<List<String>> rows = new ArrayList<>();
        for (ExistenceCheck api : ExistenceCheck.values()) {
            List<String> row = new ArrayList<>(List.of("`" + api.call() + "`"));
            for (String scenario : FsSyscallsSurvey.SCENARIOS) {
                row.add(doc.traces().stream().filter(t -> !t.fromC() && t.jdk().equals(jdk) && t.check().equals(api.name())
                        && t.scenario().equals(scenario)).findFirst().map(FsTraceWords::of).orElse("not traced"));
            }
            rows.add(row);
        }
        for (String call : FsNativeBaseline.CALLS) {
            List<String> row = new ArrayList<>(List.of("C " + call));
            for (String scenario : FsSyscallsSurvey.SCENARIOS) {
                row.add(doc.traces().stream().filter(t -> t.fromC() && t.check().equals(call) && t.scenario().equals(scenario))
                        .findFirst().map(FsTraceWords::of).orElse("not traced"));
            }
            rows.add(row);
        }
        page.paragraph("Syscalls per check, traced (strace -c over n and 2n checks; exceptions from -Xlog:exceptions, interpreted):");
        List<String> header = new ArrayList<>(List.of("API"));
        header.addAll(FsSyscallsSurvey.SCENARIOS);
        page.table(header, rows, 3);
    }

    /** "0.512 ± 1.2% (3 forks), 48 B/op": the time, and the allocation when the gc profiler measured it. */
    private static String timeAndBytes(BenchResult r) {
        return ResultTable.cell(r) + ResultTable.allocation(r).map(b -> ", " + ResultTable.bytes(b) + " " + ResultTable.BYTES_PER_OP)
                .orElse("");
    }

    /** A row: its label, then a cell per scenario. */
    private static List<String> row(String label, Function<String, String> cellOfScenario) {
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

    private static Optional<BenchResult> nativeOf(RunResults run, String name, String files) {
        return run.baselines().stream().filter(r -> r.benchmark().equals(name) && sameFiles(r, files)).findFirst();
    }
}
