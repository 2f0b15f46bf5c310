package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.Jab;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.harness.trace.SyscallCount;
import jab.kv.server.Transport;

/**
 * {@code jab verify kv} on real servers under a real strace: a request costs each server at least one
 * read-like and one write-like syscall, on each transport of jab's the machine runs, the command exits
 * 0 and says so, and no server is left behind.
 */
@EnabledOnOs(OS.LINUX)
class KvVerifyTest {
    private static final long ROUND_TRIPS = 2000;

    @TempDir
    Path tmp;

    @AfterEach
    void noServerLeftBehind() throws InterruptedException {
        Thread.sleep(300);
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.info().commandLine().orElse("?")).collect(Collectors.toList()))
                .as("no strace or server left running").isEmpty();
    }

    @Test
    void jabsServerReadsAndWritesAtLeastOncePerRequest() throws Exception {
        Path strace = straceOrSkip();
        ServerSyscalls.Count c = ServerSyscalls.count(strace, "jab kv serve", KvEndToEnd::startJab,
                new ServerSyscalls.Request("GET", 1), ROUND_TRIPS, ROUND_TRIPS, tmp);
        assertReadsAndWritesPerRequest(c);
    }

    @Test
    void redisServerReadsAndWritesAtLeastOncePerRequest() throws Exception {
        Path strace = straceOrSkip();
        Optional<Path> redis = KvEndToEnd.findRedis(null);
        assumeTrue(redis.isPresent(), "redis-server not found (PATH or JAB_REDIS_SERVER): nothing to count");
        ServerSyscalls.Count c = ServerSyscalls.count(strace, "redis-server", w -> ServerProcess.redis(w, redis.get()),
                new ServerSyscalls.Request("GET", 1), ROUND_TRIPS, ROUND_TRIPS, tmp);
        assertReadsAndWritesPerRequest(c);
    }

    @Test
    void theCommandExitsZeroAndNamesReadsAndWrites() {
        straceOrSkip();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream was = System.out;
        int rc;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            rc = Jab.execute("verify", "kv", "--round-trips", "1000");
        } finally {
            System.setOut(was);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(rc).as(text).isZero();
        assertThat(text).containsPattern("\\b(read|recvfrom|recvmsg|readv)\\b").containsPattern("\\b(write|sendto|sendmsg|writev)\\b");
        for (Transport t : ServerTransports.available()) {
            assertThat(text).as("jab's server counted on " + t.label()).contains("jab kv serve (" + t.label() + "), GET, P1:")
                    .contains("jab kv serve (" + t.label() + "), SET, P16:");
        }
        ServerTransports.leftOut().forEach(why -> assertThat(text).contains("note: " + why));
    }

    @Test
    void withoutStraceItSaysWhatToInstallAndExitsOne() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Result r = Subprocess.of(java.toString(), "-cp", System.getProperty("java.class.path"), "jab.harness.Jab", "verify", "kv")
                .env("PATH", tmp.toString()).mergeStderrIntoStdout().timeout(Duration.ofSeconds(60)).run();
        assertThat(r.exitCode()).as(r.stdout()).isEqualTo(1);
        assertThat(r.stdout()).contains("strace not found").contains("apt-get install strace");
    }

    private static void assertReadsAndWritesPerRequest(ServerSyscalls.Count c) {
        List<SyscallCount.PerOperation> calls = c.perRoundTrip();
        assertThat(sum(calls, "read|recvfrom|recvmsg|readv")).as(c.line()).isGreaterThanOrEqualTo(0.9);
        assertThat(sum(calls, "write|sendto|sendmsg|writev")).as(c.line()).isGreaterThanOrEqualTo(0.9);
        assertThat(c.line()).contains("GET, P1:").contains("per request");
    }

    private static double sum(List<SyscallCount.PerOperation> calls, String names) {
        return calls.stream().filter(p -> p.syscall().matches(names)).mapToDouble(SyscallCount.PerOperation::calls).sum();
    }

    private static Path straceOrSkip() {
        Optional<Path> strace = SyscallCount.strace();
        assumeTrue(strace.isPresent(), "strace not found: install the package strace to run this test");
        return strace.get();
    }
}
