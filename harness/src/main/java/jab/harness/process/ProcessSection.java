package jab.harness.process;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import jab.bench.process.LaunchMechanisms;
import jab.bench.process.ProcessLauncher;
import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;
import jab.harness.run.question.ForkLogHeader;
import jab.harness.stats.Stats;

/**
 * The process section of summary.md and the reports: per scenario, API x mechanism rows with the JDKs
 * side by side (seed 001's JDK11 | JDK17 table), each launcher over its question's interleaved forks,
 * naming the C floor that makes the same syscalls, whose times are a table of their own under it (no
 * ratio: the C launches ran in processes of their own, at other moments); the parent-heap table;
 * whole-JVM times; the strace proof and every message a JDK printed about a mechanism.
 */
final class ProcessSection {
    static final String LAUNCH = "jab.bench.process.ProcessLaunchBenchmark.";
    static final String HEAP = "jab.bench.process.ParentHeapBenchmark.";
    static final String[] SCENARIOS = {"existing", "missing", "randomExisting", "randomMissing"};
    /** Lines of a JMH log that are a JDK talking about a launch mechanism (JDK 25's VFORK warning, an Error). */
    private static final Pattern JDK_SAYS = Pattern.compile("(?i)(VFORK|launch mechanism|not a supported process)");

    private ProcessSection() {
    }

    static void render(RunResults run, Page page, int level) {
        page.heading(level, "process: child-process launch");
        List<String> jdks = new ArrayList<>();
        for (String id : run.jdkIds()) {
            if (!RunResults.filter(run.scores(id), r -> r.benchmark().startsWith("jab.bench.process.")).isEmpty()) {
                jdks.add(id);
            }
        }
        Optional<LaunchDocument> launch = run.document(LaunchDocument.NAME, LaunchDocument.class);
        String child = launch.map(d -> d.child().path()).orElse("?");
        String childNote = launch.map(d -> d.child().note()).orElse("");
        page.paragraph("Time to start the child, read its stdout to EOF and reap it (us/op, ± jab's 95% interval over forks: a "
                + "question's launchers over its interleaved forks, the mechanisms over their own). `C floor` names the launch "
                + "from C in the same run that makes the same syscalls (mechanism, start or failure, execs, commands, parent "
                + "size); its time, the mechanism's cost without a JVM, is in the C floors' own table under each scenario. The C "
                + "launches ran in processes of their own, at other moments than the JVM figures, on a machine whose speed moves, "
                + "so no ratio or difference is drawn against them: the ratios are the questions' answers above. NuProcess always "
                + "uses VFORK. Child: `" + child + "`."
                + (childNote.isEmpty() ? "" : " **" + childNote + "**"));
        if (!jdks.isEmpty()) {
            for (String scenario : SCENARIOS) {
                scenarioTable(page, level + 1, run, jdks, scenario);
            }
        }
        heapTable(page, level + 1, run, jdks);
        wholeJvm(page, level + 1, run);
        launch.ifPresent(d -> proof(page, level + 1, d));
        jdkMessages(page, run, jdks);
    }

    private static void scenarioTable(Page page, int level, RunResults run, List<String> jdks, String scenario) {
        List<List<String>> rows = new ArrayList<>();
        Map<String, BenchResult> floors = new LinkedHashMap<>();
        for (ProcessLauncher l : ProcessLauncher.values()) {
            for (String m : LaunchMechanisms.NAMES) {
                List<Optional<BenchResult>> cells = new ArrayList<>();
                jdks.forEach(j -> cells.add(find(run.scores(j), LAUNCH + scenario, l.name(), m)));
                if (cells.stream().noneMatch(Optional::isPresent)) {
                    continue;
                }
                rows.add(row(run, jdks, cells, floors, l.label(), m + (l == ProcessLauncher.NUPROCESS ? " (ignored: VFORK)" : "")));
            }
        }
        if (rows.isEmpty()) {
            return; // a scenario the run did not measure (the default runs leave out the random ones): no empty table
        }
        page.heading(level, scenario);
        page.table(header("API", "mechanism", jdks), rows, 3);
        floorTable(page, floors);
    }

    private static List<String> header(String first, String second, List<String> jdks) {
        List<String> header = new ArrayList<>(List.of(first, second, "C floor"));
        jdks.forEach(j -> header.add("JDK " + j));
        return header;
    }

    /**
     * label, mechanism, the floors' names, then per JDK the JVM figure; each floor met is added to
     * {@code floors} for the floors' own table, so no C time stands in a JVM row as if comparable.
     */
    private static List<String> row(RunResults run, List<String> jdks, List<Optional<BenchResult>> cells,
                                    Map<String, BenchResult> floors, String label, String mechanism) {
        List<String> row = new ArrayList<>(List.of(label, mechanism));
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < jdks.size(); i++) {
            String jdk = jdks.get(i);
            cells.get(i).flatMap(c -> ProcessPairing.partner(run, jdk, c))
                    .flatMap(name -> run.baselines().stream().filter(b -> b.benchmark().equals(name)).findFirst())
                    .ifPresent(f -> {
                        names.add(floorLabel(f));
                        floors.putIfAbsent(f.benchmark(), f);
                    });
        }
        row.add(names.isEmpty() ? "none (no C launch makes these syscalls)" : String.join("; ", names));
        cells.forEach(c -> row.add(c.map(ResultTable::cell).orElse("failed/skipped")));
        return row;
    }

    /** The C launches the table above names, in processes of their own: their table, apart from the JVM's. */
    private static void floorTable(Page page, Map<String, BenchResult> floors) {
        if (floors.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        floors.values().forEach(f -> rows.add(List.of(floorLabel(f), ResultTable.cell(f))));
        page.table(List.of("C floor (a process of its own)", "us/op"), rows, 1);
    }

    /** posix_spawn_helper (2 execs), fork.jdk17-launch (parent 180 MiB): the floor's call, as the table names it. */
    static String floorLabel(BenchResult floor) {
        String call = floor.benchmark().substring(ProcessFloor.PREFIX.length(), floor.benchmark().lastIndexOf('.'));
        String execs = floor.param("execs");
        String parent = ProcessFloor.parentResidentMib(floor).map(mib -> " (parent " + mib + " MiB)").orElse("");
        return "`" + call + "`" + ("2".equals(execs) ? " (2 execs)" : "") + parent;
    }

    private static void heapTable(Page page, int level, RunResults run, List<String> jdks) {
        Set<String> heaps = new LinkedHashSet<>();
        jdks.forEach(j -> RunResults.filter(run.scores(j), r -> r.benchmark().startsWith(HEAP)).forEach(r -> heaps.add(r.param("touchedHeapMb"))));
        if (heaps.isEmpty()) {
            return;
        }
        page.heading(level, "Parent memory: ProcessBuilder from a JVM with touched heap (us/op)");
        page.paragraph("FORK copies the parent's page tables, so its cost grows with touched memory; POSIX_SPAWN and VFORK share them. "
                + "FORK's floor forks from a C parent that touched as many MiB as that JVM fork had resident.");
        List<List<String>> rows = new ArrayList<>();
        Map<String, BenchResult> floors = new LinkedHashMap<>();
        for (String m : LaunchMechanisms.NAMES) {
            for (String h : heaps) {
                List<Optional<BenchResult>> cells = new ArrayList<>();
                jdks.forEach(j -> cells.add(run.scores(j).stream().filter(x -> x.benchmark().equals(HEAP + "existing")
                        && m.equals(x.param("launchMechanism")) && h.equals(x.param("touchedHeapMb"))).findFirst()));
                if (cells.stream().anyMatch(Optional::isPresent)) {
                    rows.add(row(run, jdks, cells, floors, m, h));
                }
            }
        }
        page.table(header("mechanism", "touched heap (MiB)", jdks), rows, 3);
        floorTable(page, floors);
    }

    private static void wholeJvm(Page page, int level, RunResults run) {
        List<BenchResult> launches = RunResults.filter(run.outsideJmh(), r -> WholeJvmTiming.is(r, WholeJvmTiming.LAUNCH));
        if (launches.isEmpty()) {
            return;
        }
        page.heading(level, "Whole JVM (seed 001's \"JVM included\"): a fresh `java` that launches the child once and exits (ms)");
        List<List<String>> rows = new ArrayList<>();
        for (BenchResult l : launches) {
            String jdk = l.param("jdk");
            Optional<BenchResult> e = run.outsideJmh().stream()
                    .filter(r -> WholeJvmTiming.is(r, WholeJvmTiming.EMPTY) && jdk.equals(r.param("jdk"))).findFirst();
            double[] ls = l.allSamples();
            rows.add(List.of(jdk, Integer.toString(ls.length), spread(ls), e.map(x -> spread(x.allSamples())).orElse("-"),
                    e.map(x -> ResultTable.number(Stats.median(ls) - Stats.median(x.allSamples()))).orElse("-")));
        }
        page.table(List.of("JDK", "runs", "launchOnce min / median / max", "emptyMain min / median / max", "median difference"), rows, 1);
        run.baselines().stream().filter(r -> r.benchmark().equals(WholeJvmTiming.C_LAUNCH)).findFirst().ifPresent(c ->
                page.table(List.of("C floor (a process of its own)", "runs", "launch once min / median / max"),
                        List.of(List.of("C program that launches the child once", Integer.toString(c.allSamples().length),
                                spread(c.allSamples()))), 1));
    }

    private static void proof(Page page, int level, LaunchDocument launch) {
        page.heading(level, "What really ran (strace -f -e trace=" + LaunchTrace.STRACE_SYSCALLS.substring("trace=".length())
                + "; JVM threads left out)");
        if (launch.traces().isEmpty()) {
            page.paragraph(launch.strace());
        }
        launch.traces().forEach((jdk, traces) -> {
            page.paragraph("JDK " + jdk + ":");
            page.pre(String.join("\n", traces.stream().map(LaunchDocument.Traced::line).toList()));
            for (LaunchDocument.Traced t : traces) {
                if (t.jdkMessage() != null && !t.jdkMessage().isEmpty()) {
                    page.paragraph("JDK " + jdk + " with " + t.requested() + " said:");
                    page.pre(t.jdkMessage());
                }
            }
        });
        if (!launch.notes().isEmpty()) {
            page.bullets(launch.notes());
        }
    }

    /** What the forks printed about launch mechanisms: the forks' own record, then anything in the JMH logs. */
    private static void jdkMessages(Page page, RunResults run, List<String> jdks) {
        JdkMessagesDocument.Read recorded = JdkMessagesDocument.of(run);
        if (!recorded.messages().isEmpty()) {
            page.paragraph("What the JDKs said in the benchmark forks when the mechanism was set (" + recorded.file() + "):");
        }
        for (JdkMessagesDocument.Message m : recorded.messages()) {
            page.paragraph("JDK " + m.jdk() + ", launchMechanism=" + m.mechanism() + ", " + m.forks() + " fork(s):");
            page.pre(m.text());
        }
        for (String j : jdks) {
            Map<String, List<String>> said = jdkSaid(run.jmhLog(j));
            if (said.isEmpty()) {
                continue;
            }
            page.paragraph("JDK " + j + " printed in the benchmark forks (jmh-" + j + ".log):");
            List<String> items = new ArrayList<>();
            said.forEach((line, where) -> items.add("`" + line + "` (" + where.size() + " fork(s), e.g. " + where.get(0) + ")"));
            page.bullets(items);
        }
    }

    /**
     * Lines of a JMH log in which a JDK talks about a mechanism, with what printed them, once per fork
     * that did: a plain JMH result's params, or the question of an interleaved fork ({@link ForkLogHeader}).
     */
    static Map<String, List<String>> jdkSaid(String log) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        String params = "";
        for (String line : log.split("\\R")) {
            if (line.startsWith("# Parameters:")) {
                params = line.substring("# Parameters:".length()).trim();
            } else if (line.startsWith("#")) {
                params = ForkLogHeader.question(line).map(q -> "the interleaved fork of '" + q + "'").orElse(params);
            } else if (!line.contains("(launchMechanism)") && !line.contains("Benchmark.")
                    && JDK_SAYS.matcher(line).find()) {
                out.computeIfAbsent(line.strip(), k -> new ArrayList<>()).add(params); // a fork says it once
            }
        }
        return out;
    }

    private static Optional<BenchResult> find(List<BenchResult> rs, String benchmark, String launcher, String mechanism) {
        return rs.stream().filter(r -> r.benchmark().equals(benchmark) && launcher.equals(r.param("launcher"))
                && mechanism.equals(r.param("launchMechanism"))).findFirst();
    }

    private static String spread(double[] xs) {
        return ResultTable.number(Stats.percentile(xs, 0)) + " / " + ResultTable.number(Stats.median(xs)) + " / "
                + ResultTable.number(Stats.percentile(xs, 100));
    }
}
