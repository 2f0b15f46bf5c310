package jab.harness.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.JabHome;
import jab.harness.UsageException;
import jab.harness.env.Fingerprint;
import jab.harness.family.Family;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.results.NativeResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunDirectory;
import jab.harness.results.RunResults;
import jab.harness.run.BenchmarkCatalog;
import jab.harness.run.JmhFamilyRun;
import jab.harness.run.ParamOverrides;
import jab.harness.run.ProfileName;
import jab.harness.run.Progress;
import jab.harness.run.RunContext;
import jab.harness.run.RunGuard;
import jab.harness.run.RunLock;
import jab.harness.run.RunPlan;
import jab.harness.run.Summary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs benchmarks with JMH on one or more JDKs, measures the native baselines in the same run, and",
            "writes a run directory: env.json, jmh-<jdk>.json (JMH's JSON), native.json, summary.md.",
            "Prints a table per JDK at the end and the run directory on a line 'results: <dir>'."},
        footer = {"", "Examples:",
            "  ./jab run                                   every family, quick profile, the JDK running jab",
            "  ./jab run fs --jdk all                      fs on every installed JDK (one per feature version)",
            "  ./jab run 'FileExists.*missing' -p api=FILE_EXISTS,FILES_EXISTS_NOFOLLOW --profile thorough",
            "  ./jab run fs --dir /dev/shm --jdk 17,25     files on tmpfs, JDK 17 and 25",
            "  ./jab run fs --jvm-args \"-Xmx2g -XX:+UseParallelGC\" --out /tmp/results"})
public final class RunCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "SELECTOR",
            description = "a family (fs, ...) or a JMH regex over benchmark names (e.g. FileExists.*); none: every family")
    List<String> selectors = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "smoke|quick|thorough", defaultValue = "quick",
            description = "smoke: seconds, proves it runs; quick (default): ranks the APIs; thorough: the seeds' sample counts")
    String profile;

    @Option(names = "--jdk", paramLabel = "SPEC[,SPEC...]|all",
            description = "feature version (17), JDK home path, or all; default: the JDK running jab. See ./jab jdks")
    String jdk;

    @Option(names = "-p", paramLabel = "NAME=V1,V2", description = "JMH param values, e.g. -p files=100,1000 (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--jvm-args", paramLabel = "\"ARGS\"", description = "JVM options for the benchmark forks, e.g. \"-Xmx2g\"")
    String jvmArgs = "";

    @Option(names = "--dir", paramLabel = "DIR", description = "where benchmark files go (default: the temp dir); its filesystem is recorded")
    Path dir;

    @Option(names = "--out", paramLabel = "DIR", description = "where run directories go (default: results/ in the jab checkout)")
    Path out;

    @Option(names = "--verbose", description = "show JMH's own output as well as the progress line")
    boolean verbose;

    @Option(names = "--redis", paramLabel = "PATH",
            description = "the redis-server kv compares jab's server with (default: redis-server on the PATH)")
    Path redis;

    @Override
    public Integer call() throws Exception {
        PrintStream console = System.out;
        ProfileName profileName = ProfileName.parse(profile);
        BenchmarkCatalog catalog = BenchmarkCatalog.load();
        Map<Family, List<BenchmarkListEntry>> selection = catalog.select(selectors);
        Map<String, String[]> userParams = ParamOverrides.parse(params);
        RunPlan.checkParams(selection, userParams);
        List<Jdk> jdks = JdkSelector.select(jdk, new JdkDiscovery());
        if (redis != null && !(Files.isRegularFile(redis) && Files.isExecutable(redis))) {
            throw new UsageException("--redis " + redis + ": not an executable file (give the path of redis-server)");
        }
        List<String> forkArgs = jvmArgs.isBlank() ? List.of() : Arrays.asList(jvmArgs.trim().split("\\s+"));
        Path benchDir = RunPlan.usableDir(dir != null ? dir : Paths.get(System.getProperty("java.io.tmpdir")), "--dir");
        Path outDir = out != null ? out : JabHome.get().resolve("results");
        Files.createDirectories(outDir.toAbsolutePath());
        RunPlan.usableDir(outDir, "--out");

        Path workDir = benchDir.resolve("jab-work-" + ProcessHandle.current().pid() + "-" + System.currentTimeMillis());
        RunContext probe = new RunContext(profileName, userParams, jdks, workDir, null, console, verbose, redis);
        long bytes = 0;
        for (Map.Entry<Family, List<BenchmarkListEntry>> e : selection.entrySet()) {
            Map<String, String[]> effective = JmhFamilyRun.effectiveParams(e.getKey(), e.getValue(), probe);
            e.getKey().validate(effective, probe);
            long need = e.getKey().bytesNeeded(effective);
            bytes = need < 0 || bytes + need < 0 ? -1 : bytes + need;
        }
        RunPlan.checkSpace(benchDir, bytes);

        ObjectNode env = Fingerprint.collect(benchDir, jdks, forkArgs);
        ObjectNode run = env.putObject("run");
        run.put("command", "jab run " + String.join(" ", commandLine()));
        run.put("profile", profileName.toString());
        ArrayNode fams = run.putArray("families");
        selection.keySet().forEach(f -> fams.add(f.name()));
        ObjectNode p = run.putObject("params");
        userParams.forEach((k, v) -> p.put(k, String.join(",", v)));
        run.put("dir", benchDir.toString());
        ArrayNode notes = run.putArray("notes");
        RunDirectory rd = RunDirectory.create(outDir.toAbsolutePath(), env.path("host").asText(), env);
        Files.createDirectories(workDir);
        RunContext ctx = new RunContext(profileName, userParams, jdks, workDir, rd.dir(), console, verbose, redis);
        boolean ok = true;
        try (RunLock lock = RunLock.acquire(console); RunGuard guard = new RunGuard(workDir, rd)) {
            console.println("jab run: " + String.join(", ", selection.keySet().stream().map(Family::name).toList())
                    + " on JDK " + String.join(", ", jdks.stream().map(Jdk::version).toList()) + ", " + profileName + " profile");
            List<NativeResult> natives = new ArrayList<>();
            ok &= measureNative(selection.keySet(), false, ctx, natives, notes);
            NativeResult.writeAll(natives, rd.dir().resolve("native.json"));

            int total = 0;
            for (Jdk j : jdks) {
                for (Map.Entry<Family, List<BenchmarkListEntry>> e : selection.entrySet()) {
                    List<BenchmarkListEntry> runnable = e.getValue().stream()
                            .filter(b -> e.getKey().runsOn(b.getUsername(), j)).toList();
                    total += BenchmarkCatalog.combinations(runnable, JmhFamilyRun.effectiveParams(e.getKey(), runnable, ctx));
                }
            }
            Progress progress = new Progress(console, total);
            for (Jdk j : jdks) {
                ok &= runJdk(j, selection, forkArgs, ctx, progress, rd, notes);
            }
            progress.close();
            if (selection.keySet().stream().anyMatch(Family::measuresNativeAfterJmh)) {
                ok &= measureNative(selection.keySet(), true, ctx, natives, notes);
                NativeResult.writeAll(natives, rd.dir().resolve("native.json"));
            }
            RunResults results = RunResults.read(rd.dir());
            rd.status(ok ? "complete" : "failed");
            Files.writeString(rd.dir().resolve("summary.md"),
                    Summary.markdown(results, env, new ArrayList<>(selection.keySet()), ctx), StandardCharsets.UTF_8);
            for (String id : results.jdkIds()) {
                if (!results.jmh(id).isEmpty()) {
                    console.println();
                    console.println("JDK " + id + ": " + Summary.vmVersion(results.jmh(id).get(0)));
                    console.print(ResultTable.format(results.jmh(id)));
                }
            }
            if (!results.nativeResults().isEmpty()) {
                console.println();
                console.println("native:");
                console.print(ResultTable.format(results.nativeResults()));
            }
            notes.forEach(n -> console.println("note: " + n.asText()));
        }
        console.println();
        console.println("results: " + rd.dir());
        return ok ? 0 : 1;
    }

    /** The native part of the families that run it before (or after) JMH; false if one failed. */
    private static boolean measureNative(Collection<Family> families, boolean afterJmh, RunContext ctx,
                                         List<NativeResult> natives, ArrayNode notes) {
        boolean ok = true;
        for (Family f : families) {
            if (f.measuresNativeAfterJmh() != afterJmh) {
                continue;
            }
            try {
                natives.addAll(f.measureNative(ctx));
            } catch (Exception e) {
                ok = false;
                notes.add(f.name() + " native baseline failed: " + e.getMessage());
                ctx.log().println("jab: " + f.name() + " native baseline failed: " + e.getMessage());
            }
        }
        return ok;
    }

    private static boolean runJdk(Jdk jdk, Map<Family, List<BenchmarkListEntry>> selection, List<String> forkArgs,
                                  RunContext ctx, Progress progress, RunDirectory rd, ArrayNode notes) throws IOException {
        boolean ok = true;
        List<String> parts = new ArrayList<>();
        Path log = rd.dir().resolve("jmh-" + jdk.id() + ".log");
        try (PrintStream logStream = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8)) {
            for (Map.Entry<Family, List<BenchmarkListEntry>> e : selection.entrySet()) {
                List<BenchmarkListEntry> runnable = new ArrayList<>();
                for (BenchmarkListEntry b : e.getValue()) {
                    if (e.getKey().runsOn(b.getUsername(), jdk)) {
                        runnable.add(b);
                    }
                }
                if (runnable.isEmpty()) {
                    continue;
                }
                Path part = rd.dir().resolve(".jmh-" + jdk.id() + "-" + e.getKey().name() + ".json.part");
                try {
                    JmhFamilyRun.Outcome o = JmhFamilyRun.run(e.getKey(), runnable, jdk, forkArgs, ctx, progress, part, logStream);
                    if (!o.complete()) {
                        ok = false;
                        notes.add(String.format("JDK %s %s: %d of %d results, %d failure(s); see %s",
                                jdk.id(), e.getKey().name(), o.results(), o.expected(), o.failures(), log.getFileName()));
                    }
                } catch (Exception ex) {
                    ok = false;
                    notes.add("JDK " + jdk.id() + " " + e.getKey().name() + " failed: " + ex.getMessage());
                }
                if (Files.isRegularFile(part)) {
                    parts.add(Files.readString(part).trim());
                    Files.delete(part);
                }
            }
        }
        Files.writeString(rd.dir().resolve("jmh-" + jdk.id() + ".json"), mergeArrays(parts), StandardCharsets.UTF_8);
        return ok;
    }

    /** JMH's JSON arrays of several runs as one array; the result objects are kept byte for byte. */
    static String mergeArrays(List<String> arrays) {
        List<String> bodies = new ArrayList<>();
        for (String a : arrays) {
            String body = a.trim();
            if (body.startsWith("[") && body.endsWith("]")) {
                body = body.substring(1, body.length() - 1).trim();
            }
            if (!body.isEmpty()) {
                bodies.add(body);
            }
        }
        return "[\n" + String.join(",\n", bodies) + "\n]\n";
    }

    private List<String> commandLine() {
        List<String> words = new ArrayList<>(selectors);
        words.add("--profile " + profile);
        if (jdk != null) {
            words.add("--jdk " + jdk);
        }
        params.forEach(x -> words.add("-p " + x));
        if (!jvmArgs.isBlank()) {
            words.add("--jvm-args \"" + jvmArgs + "\"");
        }
        if (dir != null) {
            words.add("--dir " + dir);
        }
        return words;
    }

}
