package jab.harness.kv;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jab.harness.exec.Output;
import jab.harness.exec.Running;
import jab.harness.exec.Subprocess;

/**
 * A RESP server in its own process (a jab server in its own JVM, or redis-server) on a loopback port,
 * started, waited for until it answers PING, and stopped with SIGTERM (then SIGKILL after 10 s); if
 * jab dies first, it dies with it ({@link Subprocess#start()}).
 */
final class ServerProcess implements AutoCloseable {
    /** jab kv serve's first line: "listening on 127.0.0.1:6380 (epoll transport, 16 shards)". */
    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)(?: \\((\\S+) transport)?");
    final String name;
    /** How jab's server moves bytes, as it said when it started (epoll, io_uring, nio); null for Redis. */
    final String transport;
    final int port;
    final String version;
    private final Running process;

    private ServerProcess(String name, String transport, Running process, int port, String version) {
        this.name = name;
        this.transport = transport;
        this.process = process;
        this.port = port;
        this.version = version;
    }

    /**
     * The server's name among others running beside it, each in a cgroup of its own: jab's names its
     * transport (jab-io_uring), so jab's server on each transport is a server of its own; Redis is redis.
     */
    String id() {
        return id(name, transport);
    }

    /** {@link #id()} of a server named {@code name} on {@code transport} (null: none named). */
    static String id(String name, String transport) {
        return transport == null ? name : name + "-" + transport;
    }

    /** jab kv serve --port 0 in a new JVM with this JVM's java and class path; the port is read from its output. */
    static ServerProcess jab(Path java, int shards, int ioThreads) throws IOException, InterruptedException {
        return jab(List.of(), java, shards, ioThreads);
    }

    /**
     * As {@link #jab(Path, int, int)}, the command run by {@code wrapper} (strace and its options, which
     * then run the server as their child); an empty wrapper runs the server itself.
     */
    static ServerProcess jab(List<String> wrapper, Path java, int shards, int ioThreads) throws IOException, InterruptedException {
        return jab(wrapper, java, shards, ioThreads, List.of());
    }

    /** As {@link #jab(List, Path, int, int)}, with more of jab kv serve's options (persistence, in Redis's words). */
    static ServerProcess jab(List<String> wrapper, Path java, int shards, int ioThreads, List<String> serveArgs)
            throws IOException, InterruptedException {
        // As ./jab starts jab kv serve, and nothing more: -XX:+ExitOnOutOfMemoryError (an OutOfMemoryError
        // ends the server), a 16 MB young generation (see SERVE_HEAP) and otherwise the JVM's own heap
        // sizing, so the figures are those of the server users run. A pinned -Xms256m kept 256 MB that
        // MEMORY PURGE could not return (+208 bytes per key after a collection against +170 without it,
        // kv/scripts/bytes-per-key.py).
        List<String> cmd = new ArrayList<>(wrapper);
        cmd.addAll(List.of(java.toString(), "-XX:+ExitOnOutOfMemoryError", SERVE_HEAP,
                "-cp", System.getProperty("java.class.path"), "jab.harness.Jab", "kv", "serve",
                "--bind", "127.0.0.1", "--port", "0", "--shards", Integer.toString(shards),
                "--io-threads", Integer.toString(ioThreads)));
        cmd.addAll(serveArgs);
        // its output is read in the background for as long as it runs, so it never blocks on stdout
        Running p = Subprocess.of(cmd).named("jab kv serve").mergeStderrIntoStdout().start();
        boolean started = false;
        try {
            Matcher listening = listening(p);
            ServerProcess s = new ServerProcess("jab", listening.group(2), p, Integer.parseInt(listening.group(1)),
                    "jab kv serve, " + ioThreads + " event loop" + (ioThreads == 1 ? "" : "s") + " (" + java + ")");
            s.awaitPong();
            started = true;
            return s;
        } finally {
            if (!started) {
                p.close(); // a server that did not come up is not left running
            }
        }
    }

    /**
     * The young generation ./jab gives jab kv serve: fixed and small, so what a load leaves resident
     * is mostly the data, not an eden the JVM sized for throughput, all of it touched. The garbage of
     * requests dies young either way: a small eden costs more collections, each of them nearly empty.
     * (With it and the store's per-shard KeyTable, RSS growth right after loading 1 M keys is about
     * 1.05x Redis's; the store's map nodes alone had kept it at 1.5x.)
     */
    static final String SERVE_HEAP = "-Xmn16m";

    /** The server's "listening on" line: its port (group 1) and transport (group 2). */
    private static Matcher listening(Running jab) throws IOException, InterruptedException {
        try {
            return jab.awaitLine(LISTENING, Duration.ofSeconds(60));
        } catch (IOException e) {
            throw new IOException("jab kv serve did not start: " + e.getMessage(), e);
        }
    }

    /** redis-server on a free loopback port with persistence off. */
    static ServerProcess redis(Path redisServer) throws IOException, InterruptedException {
        return redis(List.of(), redisServer);
    }

    /** As {@link #redis(Path)}, run by {@code wrapper} (see {@link #jab(List, Path, int, int)}). */
    static ServerProcess redis(List<String> wrapper, Path redisServer) throws IOException, InterruptedException {
        return redis(wrapper, redisServer, Durability.OFF.redisArgs(null));
    }

    /** redis-server with these persistence options (Redis's own: --save, --appendonly, --dir ...). */
    static ServerProcess redis(List<String> wrapper, Path redisServer, List<String> persistenceArgs) throws IOException, InterruptedException {
        int port = freePort();
        List<String> cmd = new ArrayList<>(wrapper);
        cmd.addAll(List.of(redisServer.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1"));
        cmd.addAll(persistenceArgs);
        cmd.addAll(List.of("--daemonize", "no", "--protected-mode", "yes", "--loglevel", "warning"));
        Running p = Subprocess.of(cmd).named("redis-server").stdout(Output.discard()).stderr(Output.discard()).start();
        ServerProcess s = new ServerProcess("redis", null, p, port, redisVersion(redisServer));
        try {
            s.awaitPong();
        } catch (IOException e) {
            s.close();
            throw e;
        }
        return s;
    }

    private void awaitPong() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException(name + " server exited with " + process.exitCode().orElse(-1));
            }
            if (answersPing(port)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IOException(name + " server did not answer PING on port " + port);
    }

    /** Whether a server on this loopback port answers PING (within 3 s). */
    static boolean answersPing(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            s.setSoTimeout(2000);
            OutputStream o = s.getOutputStream();
            o.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            o.flush();
            return new String(s.getInputStream().readNBytes(7), StandardCharsets.US_ASCII).equals("+PONG\r\n");
        } catch (IOException notThere) {
            return false; // not (yet) listening, or not answering
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }

    static String redisVersion(Path redisServer) {
        String v = Subprocess.versionOf(redisServer, "--version");
        return v.isEmpty() ? "redis-server" : v;
    }

    /**
     * CPU time the server has used so far, all its threads, user and system (the OS's process
     * accounting, in clock ticks on Linux: 10 ms), in ns; -1 where the OS does not say.
     */
    long cpuNanos() {
        return process.cpuNanos();
    }

    /** The server's process id (setpriv execs it, so it is the server's own). */
    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /**
     * Stops a wrapped server the way it stops in production, so that its wrapper (strace) sees it exit
     * and finishes its own work (writes its count): SIGTERM to the server, the wrapper's child, then
     * waits up to {@code within} for the wrapper to exit. False when it did not; {@link #close()} then
     * ends both.
     */
    boolean stopWrapped(Duration within) throws InterruptedException {
        ProcessHandle.of(process.pid()).ifPresent(wrapper -> wrapper.children().forEach(ProcessHandle::destroy));
        long deadline = System.nanoTime() + within.toNanos();
        while (process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return !process.isAlive();
    }

    /** SIGTERM, then SIGKILL if it is still there after 10 s; waits until it is gone. */
    @Override
    public void close() {
        process.close();
    }
}
