package jab.harness.results;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.UsageException;
import jab.harness.env.Fingerprint;

/**
 * Results as a command was pointed at them, read back: one side of a comparison or one run of a
 * report. A jab run directory (jmh-JDK.json per JDK, native.json, env.json when there is one), a
 * single JMH JSON file from any JMH run, or a folder of repeated runs of one command ({@link RepeatedRuns}).
 *
 * @param run      the run directory read back; empty for a single JSON file or repeated runs
 * @param entries  every result with the JDK it ran on ("" when unknown: a plain JMH file)
 * @param repeated the runs of a folder of repeated runs, whose entries hold one sample per run; else empty
 */
public record ResultSource(Path path, Optional<RunResults> run, List<Entry> entries, List<RunResults> repeated) {
    public static final String NATIVE = "native";
    /** The "JDK" of timings made outside JMH that are not native floors (timings.json). */
    public static final String TIMINGS = "timings";

    /** A result and the JDK id of the file it came from (jmh-17.json: "17"; native.json: "native"). */
    public record Entry(String jdk, BenchResult result) {
    }

    public static ResultSource load(Path path) {
        if (!Files.exists(path)) {
            throw new UsageException(path + ": no such file or directory");
        }
        if (Files.isDirectory(path)) {
            Optional<List<Path>> runs = RepeatedRuns.in(path);
            if (runs.isPresent()) {
                return RepeatedRuns.load(path, runs.get());
            }
            if (!hasResults(path)) {
                throw new UsageException(path + " is not a jab run directory (no jmh-*.json or native.json in it) "
                        + "nor a folder of two or more of them");
            }
            RunResults run;
            try {
                run = RunResults.read(path);
            } catch (IOException e) {
                throw new UsageException(path + ": unreadable run directory: " + e.getMessage());
            }
            return of(path, run);
        }
        List<Entry> entries = new ArrayList<>();
        JmhJson.read(path, path.getFileName().toString()).forEach(r -> entries.add(new Entry("", r)));
        return new ResultSource(path, Optional.empty(), entries, List.of());
    }

    /** A run directory already read back: every JDK's results, then the native baselines and timings. */
    public static ResultSource of(Path dir, RunResults run) {
        List<Entry> entries = new ArrayList<>();
        for (String jdk : run.jdkIds()) {
            run.jmh(jdk).forEach(r -> entries.add(new Entry(jdk, r)));
        }
        run.baselines().forEach(r -> entries.add(new Entry(NATIVE, r)));
        run.timings().forEach(r -> entries.add(new Entry(TIMINGS, r)));
        return new ResultSource(dir, Optional.of(run), entries, List.of());
    }

    /**
     * This input as its tables and charts show it: a run directory's results scored over the
     * interleaved forks where they are a question's variant ({@link RunResults#scores}); a plain JMH
     * file as it is.
     */
    public ResultSource scored() {
        if (run.isEmpty()) {
            return this;
        }
        List<Entry> out = entries.stream().filter(e -> outsideJmh(e.jdk())).toList();
        List<Entry> jmh = new ArrayList<>();
        run.get().jdkIds().forEach(jdk -> run.get().scores(jdk).forEach(r -> jmh.add(new Entry(jdk, r))));
        jmh.addAll(out);
        return new ResultSource(path, run, jmh, repeated);
    }

    static boolean hasResults(Path dir) {
        if (Files.isRegularFile(dir.resolve(RunStore.NATIVE))) {
            return true;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "jmh-*.json")) {
            return ds.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether an entry's "JDK" says it was measured outside JMH (native.json or timings.json). */
    public static boolean outsideJmh(String jdk) {
        return jdk.equals(NATIVE) || jdk.equals(TIMINGS);
    }

    /** The run's env.json; for repeated runs, the first run's (the machine is the same folder's). */
    public Optional<JsonNode> env() {
        return firstRun().flatMap(RunResults::env);
    }

    /** The run's record (env.json's run block); for repeated runs, the first run's; {@link RunRecord#NONE} for a JMH file. */
    public RunRecord record() {
        return firstRun().map(RunResults::record).orElse(RunRecord.NONE);
    }

    private Optional<RunResults> firstRun() {
        return repeated.isEmpty() ? run : Optional.of(repeated.get(0));
    }

    /** Whether each entry holds one sample per run of repeated runs rather than its forks. */
    public boolean byRun() {
        return !repeated.isEmpty();
    }

    /** The cache probe's samples of the run, or of every run of repeated runs. */
    public double[] cacheProbe() {
        List<RunResults> runs = repeated.isEmpty() ? run.stream().toList() : repeated;
        return runs.stream().flatMapToDouble(r -> Arrays.stream(r.record().cacheSamples())).toArray();
    }

    /** The JVM JDKs of this input, native aside, in file order. */
    public List<String> jdks() {
        Set<String> s = new LinkedHashSet<>();
        entries.forEach(e -> {
            if (!outsideJmh(e.jdk())) {
                s.add(e.jdk());
            }
        });
        return new ArrayList<>(s);
    }

    /** "Linux 6.1 x86_64, Intel ... - 16GB RAM - ..." or "unknown" when there is no env.json. */
    public String machine() {
        return env().filter(e -> e instanceof ObjectNode && e.has("os")).map(ResultSource::machineOf).orElse("unknown");
    }

    /** Just the OS line and the hardware line, as the seed's headings have them. */
    public static String machineOf(JsonNode env) {
        ObjectNode e = (ObjectNode) env;
        return e.path("os").path("name").asText() + " - " + e.path("os").path("kernel").asText() + " "
                + e.path("os").path("arch").asText() + "; " + Fingerprint.hardwareLine(e);
    }

    public String name() {
        Path f = path.getFileName();
        return f == null ? path.toString() : f.toString();
    }
}
