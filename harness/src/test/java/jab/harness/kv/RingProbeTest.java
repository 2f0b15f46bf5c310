package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * kv/probe/RingProbe.java, the io_uring probe of issue 57, answers as a RESP server in both of its modes:
 * its figures mean something only if both modes serve the same answers. It runs on the JDK 25 source
 * launcher, outside the build (which targets JDK 17), so it is skipped where that JDK is not installed.
 */
@EnabledOnOs(OS.LINUX)
class RingProbeTest {
    private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
    private static final int TIMEOUT_MS = 10_000;

    private Process server;
    private final StringBuilder output = new StringBuilder();

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(5, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
            assertThat(server.isAlive()).as("the probe was stopped").isFalse();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uring", "epoll"})
    void answersPingSetGetPipelinedAndSplitRequests(String mode) throws Exception {
        assumeTrue(Files.isExecutable(JDK25), "no JDK 25 at " + JDK25 + ": the probe needs FFM and the source launcher");
        if (mode.equals("uring")) {
            Path disabled = Path.of("/proc/sys/kernel/io_uring_disabled");
            assumeTrue(!Files.exists(disabled) || Files.readString(disabled).trim().equals("0"),
                    "io_uring is disabled on this kernel (kernel.io_uring_disabled != 0)");
        }
        int port = start(mode);
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(TIMEOUT_MS);
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();

            out.write(command("PING"));
            assertThat(reply(in)).isEqualTo("+PONG");

            out.write(command("SET", "greeting", "hello"));
            assertThat(reply(in)).isEqualTo("+OK");
            out.write(command("GET", "greeting"));
            assertThat(reply(in)).isEqualTo("hello");
            out.write(command("GET", "absent"));
            assertThat(reply(in)).isEqualTo("(nil)");

            // 100 SETs and 100 GETs in one write: every reply, in order
            ByteArrayOutputStream batch = new ByteArrayOutputStream();
            for (int i = 0; i < 100; i++) {
                batch.write(command("SET", "key:" + i, "value-" + i));
            }
            for (int i = 0; i < 100; i++) {
                batch.write(command("GET", "key:" + i));
            }
            out.write(batch.toByteArray());
            for (int i = 0; i < 100; i++) {
                assertThat(reply(in)).as("reply to SET %d", i).isEqualTo("+OK");
            }
            for (int i = 0; i < 100; i++) {
                assertThat(reply(in)).as("reply to GET %d", i).isEqualTo("value-" + i);
            }

            // one request in two writes: nothing until the rest arrives, then the answer
            byte[] split = command("SET", "split", "across-two-writes");
            int cut = split.length / 2;
            out.write(split, 0, cut);
            out.flush();
            Thread.sleep(200);
            assertThat(in.available()).as("no reply to half a request").isZero();
            out.write(split, cut, split.length - cut);
            assertThat(reply(in)).isEqualTo("+OK");
            out.write(command("GET", "split"));
            assertThat(reply(in)).isEqualTo("across-two-writes");

            // a value larger than a receive buffer (16 KiB) arrives in pieces and is kept whole
            String big = "x".repeat(100_000);
            CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
                try {
                    out.write(command("SET", "big", big));
                    out.write(command("GET", "big"));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertThat(reply(in)).isEqualTo("+OK");
            assertThat(reply(in)).isEqualTo(big);
            writing.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        }
        assertThat(server.isAlive()).as("the probe is still serving after the client left:\n%s", output).isTrue();
    }

    /** Starts the probe on a free port and waits for its "listening on port" line. */
    private int start(String mode) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        server = new ProcessBuilder(JDK25.toString(), "--enable-native-access=ALL-UNNAMED", probeSource().toString(),
                "--port", Integer.toString(port), "--mode", mode).redirectErrorStream(true).start();
        CompletableFuture<Boolean> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                    if (line.startsWith("listening on port " + port)) {
                        ready.complete(true);
                    }
                }
            } catch (IOException gone) {
                // the probe was stopped
            }
            ready.complete(false);
        }, "ring-probe-output");
        reader.setDaemon(true);
        reader.start();
        boolean up = ready.get(120, TimeUnit.SECONDS);
        assertThat(up).as("RingProbe --mode %s printed its listening line; it said:\n%s", mode, output).isTrue();
        return port;
    }

    private static Path probeSource() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path p = d.resolve("kv/probe/RingProbe.java");
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new IllegalStateException("kv/probe/RingProbe.java not found above " + Path.of("").toAbsolutePath());
    }

    private static byte[] command(String... args) {
        StringBuilder b = new StringBuilder("*").append(args.length).append("\r\n");
        for (String a : args) {
            b.append('$').append(a.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(a).append("\r\n");
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** One reply: "+..." or "-..." as is, a bulk string's content, "(nil)" for a null bulk, arrays as lists. */
    private static String reply(InputStream in) throws IOException {
        String line = line(in);
        switch (line.charAt(0)) {
            case '+':
            case '-':
            case ':':
                return line;
            case '$': {
                int n = Integer.parseInt(line.substring(1));
                if (n < 0) {
                    return "(nil)";
                }
                byte[] data = in.readNBytes(n + 2);
                if (data.length != n + 2) {
                    throw new EOFException("bulk string cut short");
                }
                assertThat(new String(data, n, 2, StandardCharsets.US_ASCII)).isEqualTo("\r\n");
                return new String(data, 0, n, StandardCharsets.UTF_8);
            }
            case '*': {
                int n = Integer.parseInt(line.substring(1));
                List<String> items = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    items.add(reply(in));
                }
                return items.toString();
            }
            default:
                throw new IOException("not a RESP reply: " + line);
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int prev = -1;
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new EOFException("connection closed after " + b);
            }
            if (prev == '\r' && c == '\n') {
                byte[] bytes = b.toByteArray();
                return new String(bytes, 0, bytes.length - 1, StandardCharsets.UTF_8);
            }
            b.write(c);
            prev = c;
        }
    }
}
