package jab.harness.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import jab.bench.process.LaunchMechanisms;
import jab.bench.process.ProcessLauncher;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;
import jab.harness.results.Stats;

/**
 * The process part of summary.md: per scenario, API x mechanism rows with the JDKs side by side
 * (seed 001's JDK11 | JDK17 table), the C figure and the JVM/native ratio; the parent-heap table;
 * whole-JVM times; the strace proof and every message a JDK printed about a mechanism.
 */
final class ProcessSummary {
    static final String LAUNCH = "jab.bench.process.ProcessLaunchBenchmark.";
    static final String HEAP = "jab.bench.process.ParentHeapBenchmark.";
    static final String[] SCENARIOS = {"existing", "missing", "randomExisting", "randomMissing"};
    /** Written by the benchmark forks (jab.bench.process.JdkMessages): what each JDK said about a mechanism. */
    static final String MESSAGES_FILE = "process-jdk-messages.tsv";
    /** Lines of a JMH log that are a JDK talking about a launch mechanism (JDK 25's VFORK warning, an Error). */
    private static final Pattern JDK_SAYS = Pattern.compile("(?i)(VFORK|launch mechanism|not a supported process)");

    private ProcessSummary() {
    }

    static String markdown(RunResults run) {
        StringBuilder sb = new StringBuilder("## process: child-process launch\n\n");
        List<String> jdks = new ArrayList<>();
        for (String id : run.jdkIds()) {
            if (!RunResults.filter(run.jmh(id), r -> r.benchmark().startsWith("jab.bench.process.")).isEmpty()) {
                jdks.add(id);
            }
        }
        JsonNode report = LaunchReport.read(run.dir());
        String childNote = report.path("child").path("note").asText("");
        sb.append("Time to start the child, read its stdout to EOF and reap it (us/op, ± JMH's 99.9% error). `native` is the ")
                .append("same launch from C in the same run (posix_spawn, vfork or fork + execv as the JDK mechanism; posix_spawnp ")
                .append("of a missing name for the missing scenarios; NuProcess always uses VFORK); `JDK/native` is the JVM tax. ")
                .append("Child: `").append(report.path("child").path("path").asText("?")).append("`.")
                .append(childNote.isEmpty() ? "" : " **" + childNote + "**").append("\n\n");
        for (String scenario : SCENARIOS) {
            table(sb, run, jdks, scenario);
        }
        heapTable(sb, run, jdks);
        wholeJvm(sb, run);
        proof(sb, report);
        jdkMessages(sb, run, jdks);
        return sb.toString();
    }

    private static void table(StringBuilder sb, RunResults run, List<String> jdks, String scenario) {
        if (jdks.isEmpty()) {
            return;
        }
        sb.append("### ").append(scenario).append("\n\n| API | mechanism |");
        jdks.forEach(j -> sb.append(" JDK ").append(j).append(" |"));
        sb.append(" native |");
        jdks.forEach(j -> sb.append(" JDK ").append(j).append("/native |"));
        sb.append("\n|---|---|").append("---:|".repeat(jdks.size() * 2 + 1)).append('\n');
        for (ProcessLauncher l : ProcessLauncher.values()) {
            for (String m : LaunchMechanisms.NAMES) {
                List<Optional<BenchResult>> cells = new ArrayList<>();
                jdks.forEach(j -> cells.add(find(run.jmh(j), LAUNCH + scenario, l.name(), m)));
                if (cells.stream().noneMatch(Optional::isPresent)) {
                    continue;
                }
                Optional<BenchResult> nat = nativeFor(run, scenario, l == ProcessLauncher.NUPROCESS ? "VFORK" : m);
                sb.append("| ").append(l.label()).append(" | ").append(m)
                        .append(l == ProcessLauncher.NUPROCESS ? " (ignored: VFORK)" : "").append(" |");
                cells.forEach(c -> sb.append(' ').append(c.map(ProcessSummary::cell).orElse("failed/skipped")).append(" |"));
                sb.append(' ').append(nat.map(ProcessSummary::cell).orElse("-")).append(" |");
                cells.forEach(c -> sb.append(' ').append(ratio(c, nat)).append(" |"));
                sb.append('\n');
            }
        }
        sb.append('\n');
    }

    private static void heapTable(StringBuilder sb, RunResults run, List<String> jdks) {
        Set<String> heaps = new LinkedHashSet<>();
        jdks.forEach(j -> RunResults.filter(run.jmh(j), r -> r.benchmark().startsWith(HEAP)).forEach(r -> heaps.add(r.param("touchedHeapMb"))));
        if (heaps.isEmpty()) {
            return;
        }
        sb.append("### Parent memory: ProcessBuilder from a JVM with touched heap (us/op)\n\n")
                .append("FORK copies the parent's page tables, so its cost grows with touched memory; POSIX_SPAWN and VFORK share them.\n\n")
                .append("| mechanism |");
        for (String j : jdks) {
            heaps.forEach(h -> sb.append(" JDK ").append(j).append(", ").append(h).append(" MiB |"));
        }
        sb.append("\n|---|").append("---:|".repeat(jdks.size() * heaps.size())).append('\n');
        for (String m : LaunchMechanisms.NAMES) {
            StringBuilder row = new StringBuilder("| " + m + " |");
            boolean any = false;
            for (String j : jdks) {
                for (String h : heaps) {
                    Optional<BenchResult> r = run.jmh(j).stream().filter(x -> x.benchmark().equals(HEAP + "existing")
                            && m.equals(x.param("launchMechanism")) && h.equals(x.param("touchedHeapMb"))).findFirst();
                    any |= r.isPresent();
                    row.append(' ').append(r.map(ProcessSummary::cell).orElse("-")).append(" |");
                }
            }
            if (any) {
                sb.append(row).append('\n');
            }
        }
        sb.append('\n');
    }

    private static void wholeJvm(StringBuilder sb, RunResults run) {
        List<BenchResult> launches = RunResults.filter(run.nativeResults(), r -> r.benchmark().equals(WholeJvmTiming.LAUNCH));
        if (launches.isEmpty()) {
            return;
        }
        sb.append("### Whole JVM (seed 001's \"JVM included\"): a fresh `java` that launches the child once and exits (ms)\n\n")
                .append("| JDK | runs | launchOnce min / median / max | emptyMain min / median / max | median difference |\n")
                .append("|---|---:|---:|---:|---:|\n");
        for (BenchResult l : launches) {
            String jdk = l.param("jdk");
            Optional<BenchResult> e = run.nativeResults().stream()
                    .filter(r -> r.benchmark().equals(WholeJvmTiming.EMPTY) && jdk.equals(r.param("jdk"))).findFirst();
            double[] ls = l.allSamples();
            sb.append("| ").append(jdk).append(" | ").append(ls.length).append(" | ").append(spread(ls)).append(" | ")
                    .append(e.map(x -> spread(x.allSamples())).orElse("-")).append(" | ")
                    .append(e.map(x -> ResultTable.number(Stats.median(ls) - Stats.median(x.allSamples()))).orElse("-"))
                    .append(" |\n");
        }
        sb.append('\n');
    }

    private static void proof(StringBuilder sb, JsonNode report) {
        sb.append("### What really ran (strace -f -e trace=clone,clone3,vfork,fork,execve; JVM threads left out)\n\n");
        JsonNode traces = report.path("traces");
        if (traces.size() == 0) {
            sb.append(report.path("strace").asText("no strace record")).append("\n\n");
        }
        traces.fields().forEachRemaining(e -> {
            sb.append("JDK ").append(e.getKey()).append(":\n\n```\n");
            e.getValue().forEach(t -> sb.append(t.path("line").asText()).append('\n'));
            sb.append("```\n\n");
            e.getValue().forEach(t -> {
                String msg = t.path("jdkMessage").asText("");
                if (!msg.isEmpty()) {
                    sb.append("JDK ").append(e.getKey()).append(" with ").append(t.path("requested").asText())
                            .append(" said:\n\n```\n").append(msg).append("\n```\n\n");
                }
            });
        });
        report.path("notes").forEach(n -> sb.append("- ").append(n.asText()).append('\n'));
        sb.append('\n');
    }

    /** What the forks printed about launch mechanisms: the forks' own record, then anything in the JMH logs. */
    private static void jdkMessages(StringBuilder sb, RunResults run, List<String> jdks) {
        Map<String, Integer> recorded = forkMessages(run.dir().resolve(MESSAGES_FILE));
        if (!recorded.isEmpty()) {
            sb.append("What the JDKs said in the benchmark forks when the mechanism was set (").append(MESSAGES_FILE).append("):\n\n");
            recorded.forEach((k, n) -> {
                String[] f = k.split("\t", 3);
                sb.append("JDK ").append(f[0]).append(", launchMechanism=").append(f[1]).append(", ").append(n)
                        .append(" fork(s):\n\n```\n").append(f[2]).append("\n```\n\n");
            });
        }
        for (String j : jdks) {
            Map<String, Set<String>> said = jdkSaid(run.dir().resolve("jmh-" + j + ".log"));
            if (said.isEmpty()) {
                continue;
            }
            sb.append("JDK ").append(j).append(" printed in the benchmark forks (jmh-").append(j).append(".log):\n\n");
            said.forEach((line, where) -> sb.append("- `").append(line).append("` (").append(where.size())
                    .append(" fork(s), e.g. ").append(where.iterator().next()).append(")\n"));
            sb.append('\n');
        }
    }

    /** "jdk TAB mechanism TAB text" (text unescaped) to the number of forks that said it. */
    static Map<String, Integer> forkMessages(Path file) {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t", 3);
                if (f.length == 3) {
                    String text = f[2].replace("\\n", "\n").replace("\\\\", "\\");
                    out.merge(f[0] + "\t" + f[1] + "\t" + text, 1, Integer::sum);
                }
            }
        } catch (IOException e) {
            out.put("?\t?\tcould not read " + file + ": " + e.getMessage(), 1);
        }
        return out;
    }

    static Map<String, Set<String>> jdkSaid(Path log) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(log)) {
            return out;
        }
        String params = "";
        try {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.startsWith("# Parameters:")) {
                    params = line.substring("# Parameters:".length()).trim();
                } else if (!line.startsWith("#") && !line.contains("(launchMechanism)") && !line.contains("Benchmark.")
                        && JDK_SAYS.matcher(line).find()) {
                    out.computeIfAbsent(line.strip(), k -> new LinkedHashSet<>()).add(params);
                }
            }
        } catch (IOException e) {
            out.put("could not read " + log + ": " + e.getMessage(), Set.of(""));
        }
        return out;
    }

    private static Optional<BenchResult> find(List<BenchResult> rs, String benchmark, String launcher, String mechanism) {
        return rs.stream().filter(r -> r.benchmark().equals(benchmark) && launcher.equals(r.param("launcher"))
                && mechanism.equals(r.param("launchMechanism"))).findFirst();
    }

    private static Optional<BenchResult> nativeFor(RunResults run, String scenario, String mechanism) {
        boolean missing = scenario.toLowerCase(Locale.ROOT).contains("missing");
        return run.nativeResults().stream().filter(r -> r.benchmark().startsWith(ProcessNativeBaseline.PREFIX)
                && r.benchmark().endsWith(missing ? ".missing" : ".existing")
                && (missing || mechanism.equals(r.param("launchMechanism")))).findFirst();
    }

    private static String ratio(Optional<BenchResult> jvm, Optional<BenchResult> nat) {
        return jvm.isPresent() && nat.isPresent() && nat.get().score() > 0
                ? String.format(Locale.ROOT, "%.2fx", jvm.get().score() / nat.get().score()) : "-";
    }

    private static String spread(double[] xs) {
        return ResultTable.number(Stats.percentile(xs, 0)) + " / " + ResultTable.number(Stats.median(xs)) + " / "
                + ResultTable.number(Stats.percentile(xs, 100));
    }

    private static String cell(BenchResult r) {
        return ResultTable.number(r.score()) + (Double.isFinite(r.scoreError()) ? " ± " + ResultTable.number(r.scoreError()) : "");
    }
}
