package jab.harness.run.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.jdk.ForkClasspath;
import jab.harness.jdk.JdkDiscovery;

/**
 * kill -9 of jab in the middle of a JMH iteration: no shutdown hook runs, so the forks must end by
 * themselves (jab.fork.HostWatch). Without it a fork lives until its iteration ends, here
 * ten minutes.
 */
class KilledRunTest {
    @TempDir
    Path out;

    @TempDir
    Path dir;

    /** jab's java.io.tmpdir: JMH's own temp files (a fork's command file, its output) stay behind a kill -9. */
    @TempDir
    Path tmp;

    @Test
    @Timeout(700)
    void aForkEndsSoonAfterItsJabIsKilled() throws Exception {
        Process jab = new ProcessBuilder(JdkDiscovery.current().java().toString(),
                "-Djab.home=" + System.getProperty("jab.home", "."),
                "-Djmh.ignoreLock=true", // other JMH users of a shared machine hold /tmp/jmh.lock
                "-Djava.io.tmpdir=" + tmp, // so that what JMH leaves is removed with the test, not left in /tmp
                "-cp", ForkClasspath.get(), "jab.harness.Jab",
                "run", "toy", "--profile", "smoke", "--toy-iteration", "10min", "--dir", dir.toString(), "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(out.resolve("jab.out").toFile()).start();
        List<ProcessHandle> forks = List.of();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(600); // after any other run on the machine
            while (forks.isEmpty() && jab.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(200);
                if (Files.readString(out.resolve("jab.out")).contains("[1/")) { // JMH is at work: a java child is a fork
                    forks = jab.children().filter(h -> h.info().command().orElse("").endsWith("/java")).toList();
                }
            }
            assertThat(forks).as("a JMH fork started; jab printed:%n%s", Files.readString(out.resolve("jab.out"))).isNotEmpty();
            Thread.sleep(1000); // into the long iteration
        } finally {
            jab.destroyForcibly(); // SIGKILL: nothing of jab's own runs any more
            jab.waitFor(30, TimeUnit.SECONDS);
        }
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (forks.stream().anyMatch(KilledRunTest::running) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(forks).as("forks still running 20 s after kill -9 of jab").noneMatch(KilledRunTest::running);
        } finally {
            forks.forEach(ProcessHandle::destroyForcibly); // a failure here must not leave a ten-minute fork behind
        }
    }

    /**
     * Alive and not a zombie: the fork's new parent (the container's init) may never reap it, and
     * ProcessHandle calls a zombie alive.
     */
    private static boolean running(ProcessHandle h) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(h.pid()), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false; // gone
        }
    }
}
