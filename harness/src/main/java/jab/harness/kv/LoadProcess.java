package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.kv.load.LoadConfig;

/**
 * {@code jab kv load} in a JVM of its own, as a user runs it: the load generator's threads, heap, GC
 * and JIT are then not the harness's, and the harness (idle while it waits) adds nothing to what the
 * servers are measured under. Its figures come back through {@code --json}.
 */
final class LoadProcess {
    /** Beyond warm-up and measured time: the JVM's start, the key prefill, the histograms' merge. */
    private static final Duration SLACK = Duration.ofSeconds(120);

    private LoadProcess() {
    }

    /** The command line of one run against {@code c}'s server, its figures written to {@code json}. */
    static List<String> command(LoadConfig c, Path json) {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        return List.of(java.toString(), "-Xms512m", "-Xmx512m", "-XX:+ExitOnOutOfMemoryError", "-cp",
                System.getProperty("java.class.path"), "jab.harness.Jab", "kv", "load",
                "--target", c.host + ":" + c.port, "--clients", Integer.toString(c.clients), "--threads", Integer.toString(c.threads),
                "--pipeline", Integer.toString(c.pipeline), "--warmup", c.warmupMillis + "ms",
                "--duration", c.durationMillis + "ms", "--get-ratio", String.format(Locale.ROOT, "%s", c.getRatio),
                "--keys", Integer.toString(c.keys), "--value-size", Integer.toString(c.valueSize), "--json", json.toString());
    }

    static LoadFigures run(LoadConfig c, Path workDir) throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path json = Files.createTempFile(workDir, "kv-load", ".json");
        try {
            Duration limit = Duration.ofMillis(c.warmupMillis + c.durationMillis).plus(SLACK);
            Result r = Subprocess.of(command(c, json)).named("jab kv load").mergeStderrIntoStdout().timeout(limit).run();
            // exit 1 means "errors in the replies", which the figures count; anything else is a failure
            if (r.exitCode() != 0 && r.exitCode() != 1 || Files.size(json) == 0) {
                throw new IOException("jab kv load exited with " + r.exitCode() + ": " + r.stdout().strip());
            }
            return LoadFigures.read(json);
        } finally {
            Files.deleteIfExists(json);
        }
    }
}
