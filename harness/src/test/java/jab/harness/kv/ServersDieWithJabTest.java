package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.exec.Subprocess;

/**
 * A real kill -9 of the JVM that started a server (as {@code jab run kv} starts them): the server
 * goes too, although the thread that started it had ended long before.
 */
@EnabledOnOs(OS.LINUX)
class ServersDieWithJabTest {
    private static final Pattern PORT = Pattern.compile("port (\\d+)");

    @TempDir
    Path tmp;

    @Test
    void jabsServerEndsWhenJabIsKilled() throws Exception {
        serverEndsWithItsStarter(List.of("jab"));
    }

    @Test
    void redisServerEndsWhenJabIsKilled() throws Exception {
        Optional<Path> redis = KvEndToEnd.findRedis(null);
        assumeTrue(redis.isPresent(), "redis-server not found (PATH or JAB_REDIS_SERVER): nothing to test");
        serverEndsWithItsStarter(List.of("redis", redis.get().toString()));
    }

    private void serverEndsWithItsStarter(List<String> server) throws Exception {
        assumeTrue(Subprocess.onPath("setpriv").isPresent(), "setpriv (util-linux) not found: jab cannot tie its servers' lives to its own here");
        Path console = tmp.resolve("console.txt");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ServersUntilKilled.class.getName()));
        cmd.addAll(server);
        Process jab = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(console.toFile()).start();
        List<ProcessHandle> servers = List.of();
        try {
            int port = awaitPort(jab, console);
            servers = jab.descendants().collect(Collectors.toList()); // to clean up if the test fails
            Thread.sleep(500);
            assertThat(ServerProcess.answersPing(port)).as("the server outlives the thread that started it").isTrue();
            jab.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertThat(jab.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (ServerProcess.answersPing(port) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(ServerProcess.answersPing(port)).as("server on port %d after kill -9 of its parent", port).isFalse();
        } finally {
            jab.destroyForcibly();
            servers.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static int awaitPort(Process jab, Path console) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && jab.isAlive()) {
            Matcher m = PORT.matcher(Files.readString(console));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no server port; the starter printed:\n" + Files.readString(console));
    }
}
