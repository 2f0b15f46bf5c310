package jab.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.env.MachineLoad;

/**
 * The run directory, {@code <out>/<yyyyMMdd-HHmmss-host>}, and the only writer into it: it knows every
 * file name of a run and writes each file whole (a temp file moved into place), so a Ctrl-C never
 * leaves half a file. env.json carries {@code formatVersion} and the run's {@link RunRecord}, which
 * this class alone writes, whole, each time the run adds to it (status: running, complete, failed or
 * interrupted). Families and JMH forks write into the work dir; the harness hands what they made to
 * this class.
 *
 * <p>Format 2 (this one): native.json holds native baselines only; other timings made outside JMH
 * are in timings.json; notes are in env.json only. Format 1 (no formatVersion) kept both kinds of
 * timing in native.json and some notes in side documents; {@link RunResults} reads both.
 */
public final class RunStore {
    public static final int FORMAT_VERSION = 2;
    public static final String ENV = "env.json";
    public static final String NATIVE = "native.json";
    public static final String TIMINGS = "timings.json";
    public static final String SUMMARY = "summary.md";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Path dir;
    /** env.json: the format, the machine's fingerprint, then the run block, set from the fields below at each write. */
    private final ObjectNode env;
    private final RunRecord.Request request;
    private final List<String> notes = new ArrayList<>();
    private String status;
    private final List<RunRecord.PartLoad> machineLoad = new ArrayList<>();
    private int cacheProbeBytes;
    private final List<Double> nanosPerLoad = new ArrayList<>();
    private RunRecord.Refinement refinement;

    private RunStore(Path dir, ObjectNode env, RunRecord.Request request) {
        this.dir = dir;
        this.env = env;
        this.request = request;
    }

    /**
     * A new run directory with env.json (status "running"): the fingerprint with the format stamped
     * first, then the run block with what the command line asked for.
     */
    public static RunStore create(Path out, String host, ObjectNode fingerprint, RunRecord.Request request) throws IOException {
        ObjectNode env = MAPPER.createObjectNode();
        env.put("formatVersion", FORMAT_VERSION);
        env.setAll(fingerprint);
        Path dir = newDirectory(out, host.replaceAll("[^A-Za-z0-9.-]", "_"));
        RunStore store = new RunStore(dir, env, request);
        store.status("running");
        return store;
    }

    /**
     * A new folder of {@code out} named by the time and {@code suffix} ("20261129-042825-vm"), "-1",
     * "-2", ... appended when two are made in the same second; its absolute path.
     */
    public static Path newDirectory(Path out, String suffix) throws IOException {
        Files.createDirectories(out);
        String base = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + suffix;
        for (int i = 0; ; i++) {
            Path dir = out.resolve(i == 0 ? base : base + "-" + i);
            try {
                return Files.createDirectory(dir).toAbsolutePath();
            } catch (FileAlreadyExistsException e) {
                // two in the same second: take the next name
            }
        }
    }

    /** {@code jmh-17.json}: JMH's JSON of one JDK. */
    public static String jmhJson(String jdkId) {
        return "jmh-" + jdkId + ".json";
    }

    /** {@code jmh-17.log}: JMH's text output of one JDK. */
    public static String jmhLog(String jdkId) {
        return "jmh-" + jdkId + ".log";
    }

    /** {@code NAME.json}: a family's side document. */
    public static String document(String name) {
        return name + ".json";
    }

    public Path dir() {
        return dir;
    }

    public synchronized void status(String status) throws IOException {
        this.status = status;
        writeRun();
    }

    /** {@link #machineLoad(String, MachineLoad.Share)} from {@code before} to now; nothing where /proc could not be read. */
    public void machineLoadSince(String part, java.util.Optional<MachineLoad.Snapshot> before) throws IOException {
        java.util.Optional<MachineLoad.Snapshot> after = MachineLoad.snapshot();
        if (before.isPresent() && after.isPresent()) {
            machineLoad(part, MachineLoad.between(before.get(), after.get()));
        }
    }

    /**
     * How busy the machine was during a part of the run, and how long the part took ({@code run.machineLoad} in
     * env.json), to the millisecond and never 0, which stands for a run that did not record it: written to a
     * tenth of a second, the parts of a few milliseconds (a user's jar has nothing to do before JMH) read as 0,
     * and one 10 ms tick of another process in them came out as "other processes used 100% of the machine".
     */
    public synchronized void machineLoad(String part, MachineLoad.Share share) throws IOException {
        machineLoad.add(new RunRecord.PartLoad(part, share.otherCpu(), share.steal(), share.loadAverage(),
                Math.max(0.001, Math.round(share.seconds() * 1000) / 1000.0)));
        writeRun();
    }

    /**
     * One sample of the shared cache's speed ({@code run.cacheProbe} in env.json: the probe's working set
     * and nanoseconds per load, in the order taken), see {@link jab.harness.env.CacheProbe}.
     */
    public synchronized void cacheProbe(int bytes, double nanosPerLoad) throws IOException {
        cacheProbeBytes = bytes;
        this.nanosPerLoad.add(Math.round(nanosPerLoad * 100) / 100.0);
        writeRun();
    }

    /**
     * What the precision goal's added forks could do within the budget ({@code run.refinement} in env.json):
     * when they started (seconds into the run), how many forks were added, how many results still short of
     * the goal got no more for lack of time, and the seconds those would need by their forks' spread so far.
     */
    public synchronized void refinement(double startedAfterSeconds, int forksAdded, int shortOfTime,
                                        double moreSecondsWanted) throws IOException {
        refinement = new RunRecord.Refinement(Math.round(startedAfterSeconds), forksAdded, shortOfTime, Math.round(moreSecondsWanted));
        writeRun();
    }

    /** A note for the reader of the results, whoever raised it: kept in env.json, shown in the summary. */
    public synchronized void note(String note) throws IOException {
        notes.add(note);
        writeRun();
    }

    /** The only place env.json's run block is written: as the run stands now, in env.json rewritten whole. */
    private void writeRun() throws IOException {
        RunRecord.CacheSamples probe = nanosPerLoad.isEmpty() ? null
                : new RunRecord.CacheSamples(cacheProbeBytes, nanosPerLoad.stream().mapToDouble(Double::doubleValue).toArray());
        RunRecord run = new RunRecord(request, List.copyOf(notes), status, List.copyOf(machineLoad), probe, refinement);
        env.set("run", MAPPER.valueToTree(run));
        writeJson(ENV, env);
    }

    /** JMH's JSON of one JDK, as JMH wrote it (the arrays of several JMH runs joined). */
    public void writeJmh(String jdkId, String json) throws IOException {
        writeText(jmhJson(jdkId), json);
    }

    /** JMH's log of one JDK, written in the work dir while JMH ran, moved in whole. */
    public void adoptLog(String jdkId, Path log) throws IOException {
        if (Files.isRegularFile(log)) {
            Path tmp = dir.resolve("." + jmhLog(jdkId) + ".tmp");
            Files.copy(log, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, dir.resolve(jmhLog(jdkId)), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.delete(log);
        }
    }

    /**
     * A folder of files a tool wrote in the work dir while JMH ran (async-profiler's flame graphs),
     * copied in aside and moved into place whole; nothing when the tool wrote nothing.
     */
    public void adoptFolder(String name, Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return;
        }
        Path tmp = dir.resolve("." + name + ".tmp");
        try (var files = Files.walk(folder)) {
            for (Path f : files.toList()) {
                Path to = tmp.resolve(folder.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    public void writeBaselines(List<NativeResult> results) throws IOException {
        writeResults(NATIVE, results);
    }

    public void writeTimings(List<NativeResult> results) throws IOException {
        writeResults(TIMINGS, results);
    }

    private void writeResults(String name, List<NativeResult> results) throws IOException {
        if (results.isEmpty()) {
            return;
        }
        ArrayNode arr = MAPPER.createArrayNode();
        results.forEach(r -> arr.add(r.toJson(MAPPER)));
        writeJson(name, arr);
    }

    /** A family's side document: a record (or a list of them) as JSON. */
    public void writeDocument(String name, Object document) throws IOException {
        writeJson(document(name), document);
    }

    public void writeSummary(String markdown) throws IOException {
        writeText(SUMMARY, markdown);
    }

    private synchronized void writeJson(String name, Object json) throws IOException {
        replace(dir, name, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json));
    }

    private synchronized void writeText(String name, String text) throws IOException {
        replace(dir, name, text);
    }

    /** Rewrites summary.md of an existing run directory (jab summary): the only file it touches. */
    public static void rewriteSummary(Path runDir, String markdown) throws IOException {
        replace(runDir, SUMMARY, markdown);
    }

    /** Writes a file whole: aside first, then moved into place, so no reader ever sees half of it. */
    private static void replace(Path dir, String name, String text) throws IOException {
        Path tmp = dir.resolve("." + name + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
