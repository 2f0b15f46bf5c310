package jab.harness.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.ForkClasspath;

/** A SIGTERM (what Ctrl-C's shutdown path shares) in the middle of launches leaves no process behind. */
class ProcessInterruptTest {

    @Test
    @Timeout(180)
    void stoppingARunLeavesNoForkChildOrJspawnhelper(@TempDir Path out) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(JdkDiscovery.current().java().toString(),
                "-Djab.home=" + System.getProperty("jab.home", "."),
                "-Djmh.ignoreLock=true", // other JMH users of a shared machine hold /tmp/jmh.lock
                "-cp", ForkClasspath.get(), "jab.harness.Jab",
                "run", "ProcessLaunchBenchmark.existing", "--profile", "smoke", "-p", "launcher=PROCESS_BUILDER",
                "-p", "launchMechanism=POSIX_SPAWN,FORK,VFORK", "--out", out.toString()));
        Process jab = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.resolve("jab.out").toFile()).start();
        Set<ProcessHandle> seen = new HashSet<>();
        long deadline = System.currentTimeMillis() + 120_000;
        boolean forkLaunching = false;
        while (System.currentTimeMillis() < deadline && jab.isAlive() && !forkLaunching) {
            jab.descendants().forEach(seen::add);
            // a JMH fork (only forks get -Djab.dir) with children of its own is in the middle of launches
            forkLaunching = jab.children().anyMatch(h -> h.info().commandLine().orElse("").contains("-Djab.dir=")
                    && h.children().findAny().isPresent());
            Thread.sleep(20);
        }
        assertThat(forkLaunching).as("caught a fork launching children; jab said:%n%s",
                java.nio.file.Files.readString(out.resolve("jab.out"))).isTrue();
        jab.descendants().forEach(seen::add);
        jab.destroy(); // SIGTERM: the run guard's shutdown hook stops the forks
        assertThat(jab.waitFor(60, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(500);
        List<String> alive = new ArrayList<>();
        for (ProcessHandle h : seen) {
            if (h.isAlive()) {
                alive.add(h.pid() + " " + h.info().commandLine().orElse("?"));
            }
        }
        assertThat(alive).isEmpty();
        assertThat(ProcessLeftovers.matching(out.toString())).isEmpty();
    }
}
