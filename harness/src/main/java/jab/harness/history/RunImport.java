package jab.harness.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import jab.harness.UsageException;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.harness.results.Comparisons;
import jab.harness.results.RunRecord;
import jab.harness.results.RunResults;
import jab.harness.results.RunStore;
import jab.harness.stats.Stats;

/**
 * Reads a run directory into what the history keeps ({@link RecordedRun}), through the readers
 * {@code jab summary} and {@code jab compare} use ({@link RunResults}, {@link Comparisons}). A folder
 * that is no run, a run without comparisons.json, a damaged one or a run still being written is
 * refused with a {@link UsageException} that says which and why, before anything is recorded.
 */
public final class RunImport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RunImport() {
    }

    /**
     * @param commit the measured code's commit when given (--commit); else the user's benchmarks' git
     *               commit, or jab's own from env.json
     */
    public static RecordedRun read(Path dir, String commit, String machineName) {
        if (!Files.isDirectory(dir) || !Files.isRegularFile(dir.resolve(RunStore.ENV))) {
            throw new UsageException(dir + " is not a jab run directory: no " + RunStore.ENV + " in it (give run directories, "
                    + "e.g. results/20261129-013313-vm)");
        }
        RunResults run;
        Comparisons doc;
        try {
            run = RunResults.read(dir);
            doc = run.document(Comparisons.NAME, Comparisons.class).orElseThrow(() -> new UsageException(dir + " has no "
                    + RunStore.document(Comparisons.NAME) + ": jab history keeps the ratios of interleaved questions, and this "
                    + "run asked none (a run by a jab before comparisons.json, or of benchmarks that are no question)"));
        } catch (IOException | IllegalStateException e) {
            throw new UsageException(dir + " is damaged, nothing recorded: " + e.getMessage().lines().findFirst().orElse(""));
        }
        JsonNode env = run.env().orElseThrow();
        RunRecord record = run.record();
        if (record.status().equals("running")) {
            throw new UsageException(dir + " is still being written (status running in env.json), or its jab was killed: "
                    + "nothing recorded");
        }
        String time = env.path("timestamp").asText("");
        String host = env.path("host").asText("");
        if (time.isEmpty()) {
            throw new UsageException(dir + ": env.json has no timestamp, so the run cannot be placed in a series: nothing recorded");
        }
        String benchmarks = record.request().builds().benchmarks();
        String code = benchmarks == null ? "jab" : Path.of(benchmarks).getFileName().toString();
        String measured = commit != null ? commit : benchmarks != null ? userCommit(Path.of(benchmarks))
                : env.path("jab").path("commit").asText("unknown");
        Machine machine = machineName != null ? Machine.named(machineName) : Machine.of(env);
        List<RecordedRun.Jdk> jdks = new ArrayList<>();
        env.path("jvms").forEach(j -> jdks.add(new RecordedRun.Jdk(j.path("id").asText(), j.path("version").asText(),
                j.path("vendor").asText())));
        List<RecordedRun.Ratio> ratios = new ArrayList<>();
        List<RecordedRun.Score> scores = new ArrayList<>();
        for (Comparisons.Asked q : doc.questions()) {
            RecordedRun.Asked asked = new RecordedRun.Asked(q.question(), fixed(q.fixed()), q.jdk());
            for (Comparisons.Ratio r : q.ratios()) {
                if (Double.isFinite(r.ratio()) && Double.isFinite(r.low()) && Double.isFinite(r.high()) && r.ratio() > 0) {
                    ratios.add(new RecordedRun.Ratio(asked, r.a(), r.b(), q.family(), r.b().equals(q.reference()), q.higherIsBetter(),
                            r.ratio(), r.low(), r.high(), r.forks(), r.intervalOver(), r.verdict()));
                }
            }
            for (Comparisons.Variant v : q.details()) {
                double[] forkMeans = q.forkMeans(v.label());
                double score = Stats.mean(forkMeans);
                if (Double.isFinite(score)) {
                    scores.add(new RecordedRun.Score(asked, v.label(), v.name(), v.unit(), score, forkMeans.length));
                }
            }
        }
        return new RecordedRun(host + " " + time, measured, code, time, machine, host, record.request().profile(),
                record.request().command(), env.path("jab").path("version").asText(""), doc.band(), dir.toAbsolutePath().normalize().toString(),
                jdks, ratios, scores);
    }

    /** The params held fixed, as JSON with sorted keys: one text for one combination, whatever the order written. */
    static String fixed(Map<String, String> params) {
        try {
            return JSON.writeValueAsString(new TreeMap<>(params == null ? Map.of() : params));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The git commit of the user's benchmarks (the repository holding the jar or classes), or "unknown". */
    static String userCommit(Path benchmarks) {
        Path dir = Files.isDirectory(benchmarks) ? benchmarks : benchmarks.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return "unknown";
        }
        try {
            Result r = Subprocess.of("git", "-C", dir.toString(), "rev-parse", "HEAD").timeout(java.time.Duration.ofSeconds(10)).run();
            return r.ok() && r.stdout().trim().matches("[0-9a-f]{7,64}") ? r.stdout().trim() : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
