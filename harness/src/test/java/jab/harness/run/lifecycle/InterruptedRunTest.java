package jab.harness.run.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SIGTERM in the middle of a run: children stopped, temp files gone, env.json says interrupted. */
class InterruptedRunTest {
    @TempDir
    Path out;

    @TempDir
    Path dir;

    @Test
    void sigtermStopsForksRemovesFilesAndMarksTheRun() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process jab = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "jab.harness.Jab",
                "run", "fs", "--profile", "smoke", "--dir", dir.toString(), "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(out.resolve("console.txt").toFile()).start();
        try {
            // Wait until a JMH fork runs (after any other run on the machine): then a child JVM is alive.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(600);
            while (System.nanoTime() < deadline && jab.isAlive() && !(benchmarking(out) && forkRunning(jab) && hasFiles(dir))) {
                Thread.sleep(200);
            }
            assertThat(forkRunning(jab)).as("a JMH fork started; jab printed:\n%s",
                    Files.readString(out.resolve("console.txt"))).isTrue();
            List<ProcessHandle> children = jab.descendants().collect(Collectors.toList());
            jab.destroy(); // SIGTERM
            assertThat(jab.waitFor(30, TimeUnit.SECONDS)).isTrue();
            for (ProcessHandle c : children) {
                c.onExit().get(10, TimeUnit.SECONDS);
                assertThat(c.isAlive()).as("child " + c.pid()).isFalse();
            }
        } finally {
            jab.destroyForcibly();
        }
        assertThat(dir.toFile().list()).as("nothing left in --dir").isEmpty();
        Path run;
        try (Stream<Path> runs = Files.list(out).filter(Files::isDirectory)) {
            run = runs.findFirst().orElseThrow();
        }
        String status = new ObjectMapper().readTree(run.resolve("env.json").toFile()).path("run").path("status").asText();
        assertThat(status).isEqualTo("interrupted");
    }

    /** A JVM child; its command line may be unreadable (too long with a test class path), its binary is not. */
    private static boolean forkRunning(Process p) {
        return p.descendants().anyMatch(h -> h.info().command().orElse("").endsWith("/java"));
    }

    /** The progress line shows JMH at work (so the child JVM is a fork, not the semantics probe). */
    private static boolean benchmarking(Path out) throws java.io.IOException {
        return Files.readString(out.resolve("console.txt")).contains("[2/");
    }

    private static boolean hasFiles(Path dir) {
        File[] f = dir.toFile().listFiles();
        return f != null && f.length > 0;
    }
}
