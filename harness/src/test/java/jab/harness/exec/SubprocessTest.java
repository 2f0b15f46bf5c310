package jab.harness.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Real shell children: output, exit codes, timeouts that kill whole trees, servers, PATH lookup. */
@DisabledOnOs(OS.WINDOWS)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SubprocessTest {
    private static final Duration SHORT = Duration.ofSeconds(1);
    private static final Duration ENOUGH = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    private static Subprocess sh(String script) {
        return Subprocess.of("sh", "-c", script);
    }

    @Test
    void capturesStdoutAndStderrApartWithTheExitCode() throws Exception {
        Result r = sh("echo out; echo err >&2; exit 3").timeout(ENOUGH).run();
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.ok()).isFalse();
        assertThat(r.stdout()).isEqualTo("out\n");
        assertThat(r.stderr()).isEqualTo("err\n");
        assertThat(r.elapsed()).isPositive();
        assertThatThrownBy(r::requireSuccess).isInstanceOf(IOException.class)
                .hasMessageStartingWith("sh -c echo out").hasMessageContaining("exited with 3").hasMessageContaining("out\nerr");
    }

    @Test
    void successIsOkAndRequireSuccessPassesItOn() throws Exception {
        Result r = sh("printf 'caf\\303\\251'").timeout(ENOUGH).run();
        assertThat(r.requireSuccess()).isSameAs(r);
        assertThat(r.stdout()).isEqualTo("café");
        assertThat(r.stderr()).isEmpty();
    }

    @Test
    void mergedStderrArrivesInStdout() throws Exception {
        Result r = sh("echo one; echo two >&2; echo three").mergeStderrIntoStdout().timeout(ENOUGH).run();
        assertThat(r.stdout()).isEqualTo("one\ntwo\nthree\n");
        assertThat(r.stderr()).isEmpty();
    }

    @Test
    void environmentWorkingDirectoryFileAndDiscard() throws Exception {
        Path file = tmp.resolve("out.txt");
        Result r = sh("echo \"$JAB_TEST_VAR\"; pwd; echo gone >&2").env("JAB_TEST_VAR", "hello").directory(tmp)
                .stdout(Output.toFile(file)).stderr(Output.discard()).timeout(ENOUGH).run();
        assertThat(r.stdout()).isEmpty();
        assertThat(r.stderr()).isEmpty();
        assertThat(Files.readAllLines(file)).containsExactly("hello", tmp.toRealPath().toString());
    }

    @Test
    void megabytesOnBothStreamsDoNotDeadlock() throws Exception {
        // stderr first: a parent reading only stdout until its end would never see the child finish
        Result r = sh("head -c 3000000 /dev/zero | tr '\\0' e >&2; head -c 5000000 /dev/zero | tr '\\0' o")
                .timeout(ENOUGH).run();
        assertThat(r.ok()).isTrue();
        assertThat(r.stdout()).hasSize(5_000_000);
        assertThat(r.stderr()).hasSize(3_000_000);
    }

    @Test
    void aChildThatPrintsForeverIsKilledAtTheTimeout() throws Exception {
        Path pidFile = tmp.resolve("pid");
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> sh("echo $$ > " + pidFile + "; while true; do echo x; done").timeout(SHORT).run())
                .isInstanceOf(SubprocessTimeoutException.class)
                .hasMessageStartingWith("sh -c echo $$ > " + pidFile).hasMessageEndingWith("... did not finish in 1 s");
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
        assertGone(pidFile);
    }

    @Test
    void aTimeoutKillsTheChildAndTheGrandchildItStarted() throws Exception {
        Path pids = tmp.resolve("pids");
        long t0 = System.nanoTime();
        // the grandchild shares the stdout pipe: had it survived, a reader of stdout would wait for it
        assertThatThrownBy(() -> sh("sleep 60 & echo $! > " + pids + "; echo $$ >> " + pids + "; sleep 60")
                .named("sleepy script").timeout(SHORT).run())
                .isInstanceOf(SubprocessTimeoutException.class).hasMessage("sleepy script did not finish in 1 s")
                .satisfies(e -> assertThat(((SubprocessTimeoutException) e).program()).isEqualTo("sleepy script"));
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
        assertGone(pids);
    }

    @Test
    void outputHeldOpenByABackgroundChildEndsTheWaitAtTheTimeout() {
        long t0 = System.nanoTime();
        // the child exits soon; the sleep it leaves behind keeps the stdout pipe open (and ends by itself).
        // It lingers half a second first: a child that exits before the reader blocks in read() lets the
        // JDK's reaper drain the pipe and close it, and the reader then sees an end that never was.
        assertThatThrownBy(() -> sh("sleep 3 & echo started; sleep 0.5").timeout(SHORT).run())
                .isInstanceOf(SubprocessTimeoutException.class)
                .hasMessageContaining("exited with 0 but its output was still open after 1 s");
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void anInterruptKillsTheChildAndKeepsTheFlag() throws Exception {
        Path pidFile = tmp.resolve("pid");
        CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        Thread waiter = new Thread(() -> {
            try {
                sh("echo $$ > " + pidFile + "; sleep 60").timeout(ENOUGH).run();
                thrown.complete(null);
            } catch (Exception e) {
                assertThat(Thread.currentThread().isInterrupted()).as("interrupt flag restored").isTrue();
                thrown.complete(e);
            }
        });
        waiter.start();
        awaitFile(pidFile);
        waiter.interrupt();
        assertThat(thrown.get(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
        assertGone(pidFile);
    }

    @Test
    void runWithoutATimeoutIsRefused() {
        assertThatThrownBy(() -> sh("true").run()).isInstanceOf(IllegalStateException.class).hasMessageContaining("timeout");
    }

    @Test
    void aStartedServerIsAwaitedByItsListeningLineAndStoppedWithItsChildren() throws Exception {
        Path pidFile = tmp.resolve("pid");
        // SIGTERM ends the shell at once and orphans its sleep: close() must kill that too
        Running server = sh("echo starting; echo $$ > " + pidFile + "; sleep 60 & echo $! >> " + pidFile
                + "; echo 'listening on 127.0.0.1:1234' >&2; wait").start();
        try {
            Matcher m = server.awaitLine(Pattern.compile("listening on [^:]+:(\\d+)"), ENOUGH);
            assertThat(m.group(1)).isEqualTo("1234");
            assertThat(server.isAlive()).isTrue();
            assertThat(server.exitCode()).isEmpty();
            assertThat(server.pid()).isPositive();
            assertThat(server.cpuNanos()).isGreaterThanOrEqualTo(-1);
        } finally {
            long t0 = System.nanoTime();
            server.close();
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("SIGTERM is enough").isLessThan(Duration.ofSeconds(5));
        }
        assertThat(server.isAlive()).isFalse();
        assertGone(pidFile);
    }

    @Test
    void awaitLineSaysWhatTheChildPrintedWhenItExitsFirst() throws Exception {
        try (Running r = sh("echo not yet; exit 4").start()) {
            assertThatThrownBy(() -> r.awaitLine(Pattern.compile("listening"), ENOUGH)).isInstanceOf(IOException.class)
                    .hasMessageContaining("exited with 4").hasMessageContaining("not yet");
        }
    }

    @Test
    void awaitLineGivesUpWhenTheTimePasses() throws Exception {
        try (Running r = sh("echo hello; sleep 60").start()) {
            assertThatThrownBy(() -> r.awaitLine(Pattern.compile("listening"), Duration.ofMillis(300)))
                    .isInstanceOf(IOException.class).hasMessageContaining("no line matching /listening/ in 0.3 s")
                    .hasMessageContaining("hello");
        }
    }

    @Test
    void aChildThatIgnoresSigtermIsKilledAfterTheGrace() throws Exception {
        Path pidFile = tmp.resolve("pid");
        Running r = sh("trap '' TERM; echo $$ > " + pidFile + "; echo ready; while :; do sleep 0.1; done")
                .stopGrace(Duration.ofMillis(300)).start();
        r.awaitLine(Pattern.compile("ready"), ENOUGH);
        long t0 = System.nanoTime();
        r.close();
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
        assertThat(r.exitCode()).isPresent();
        assertGone(pidFile);
    }

    @Test
    void onPathFindsExecutableRegularFilesOnly() throws Exception {
        assertThat(Subprocess.onPath("sh")).hasValueSatisfying(p -> assertThat(Files.isExecutable(p)).isTrue());
        assertThat(Subprocess.onPath("jab-no-such-program")).isEmpty();

        Path dirs = Files.createDirectories(tmp.resolve("bin"));
        Files.createDirectories(tmp.resolve("dir/tool")); // a directory of that name is no program
        Path tool = Files.writeString(dirs.resolve("tool"), "#!/bin/sh\n");
        String path = tmp.resolve("dir") + ":" + dirs;
        assertThat(Subprocess.onPath("tool", path)).as("not executable yet").isEmpty();
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(Subprocess.onPath("tool", path)).contains(tool);
    }

    @Test
    void versionOfIsTheFirstLineOrEmpty() throws Exception {
        Path shell = Subprocess.onPath("sh").orElseThrow();
        assertThat(Subprocess.versionOf(shell, "-c", "echo; echo '  tool 1.2.3  ' >&2; echo more")).isEqualTo("tool 1.2.3");
        assertThat(Subprocess.versionOf(shell, "-c", "echo 1.0; exit 2")).as("a failing tool has no version").isEmpty();
        assertThat(Subprocess.versionOf(tmp.resolve("missing"), "--version")).isEmpty();
    }

    @Test
    void programNamesTheFileAndTheFirstArgumentsCut() {
        String longArg = "x".repeat(200);
        assertThat(Subprocess.of("/usr/bin/java", "-cp", longArg, "Main").program())
                .isEqualTo("java -cp " + "x".repeat(60) + "... ...");
        assertThat(Subprocess.of("gcc").program()).isEqualTo("gcc");
    }

    /**
     * Every pid in the file (one per line) is gone: no process of the tree is left alive. Asked of
     * ps, not of the code under test; a zombie (state Z) is dead, only not yet reaped by init.
     */
    private static void assertGone(Path pidFile) throws Exception {
        List<String> pids = new ArrayList<>();
        for (String line : Files.readAllLines(pidFile)) {
            pids.add(line.trim());
        }
        assertThat(pids).isNotEmpty();
        for (String pid : pids) {
            String state = Subprocess.of("ps", "-o", "stat=", "-p", pid).timeout(ENOUGH).run().stdout().trim();
            assertThat(state).as("state of process " + pid + " (empty: gone)").satisfiesAnyOf(
                    s -> assertThat(s).isEmpty(), s -> assertThat(s).startsWith("Z"));
        }
    }

    private static void awaitFile(Path file) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!(Files.exists(file) && !Files.readString(file).isBlank()) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}
