package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import jab.harness.exec.Subprocess;
import jab.harness.trace.SyscallCount;
import jab.kv.load.RespClient;
import jab.kv.server.Transport;

/**
 * The syscalls a RESP server makes per request, as strace counts them: the server is started under
 * {@code strace -f -c}, a client (in this JVM, so untraced) sends warm-up requests and then n of them,
 * the server is stopped with SIGTERM and strace's count read; then the same with 2n. What start-up,
 * the warm-up, accepting the connection and shutting down cost is in both counts and cancels; the
 * difference over n is one request's (or one pipelined round trip's) own.
 */
final class ServerSyscalls {
    /** What is sent: a command and its pipeline depth (commands per round trip). */
    record Request(String command, int pipeline) {
        String words() {
            return command + ", P" + pipeline;
        }

        /** The command's words on one key: GET reads the key set before, SET overwrites it. */
        String[] args() {
            return command.equals("SET") ? new String[] {"SET", KEY, VALUE} : new String[] {command, KEY};
        }
    }

    /** Starts a server run by {@code wrapper}: jab's or Redis, so both are traced the same way. */
    interface Starter {
        ServerProcess start(List<String> wrapper) throws IOException, InterruptedException;
    }

    /**
     * A server to count, by the name its lines give it, and what it is built of (a JVM's version and
     * home for jab's, the version line of redis-server), which with jab's build, the kernel and the C
     * library decides its syscalls.
     */
    record Server(String name, Starter starter, String build) {
    }

    /**
     * jab's server as {@code jab run kv} starts it, on each of {@code transports} ("jab kv serve
     * (io_uring)"), then redis-server when there is one: partners side by side.
     */
    static List<Server> servers(java.util.Optional<Path> redisServer, List<Transport> transports) {
        List<Server> out = new ArrayList<>();
        for (Transport t : transports) {
            out.add(new Server("jab kv serve (" + t.label() + ")", wrapper -> KvEndToEnd.startJab(wrapper, List.of(), t),
                    System.getProperty("java.vm.version") + " at " + System.getProperty("java.home")));
        }
        redisServer.ifPresent(r -> out.add(new Server("redis-server", wrapper -> ServerProcess.redis(wrapper, r),
                ServerProcess.redisVersion(r) + " at " + r.toAbsolutePath())));
        return out;
    }

    /** One server's syscalls for one kind of request, per round trip of {@code pipeline} requests. */
    record Count(String server, Request request, long roundTrips, List<SyscallCount.PerOperation> perRoundTrip) {
        /** "jab kv serve (epoll), GET, P1: 1 read + 1 write + 1 epoll_wait per request". */
        String line() {
            String calls = perRoundTrip.isEmpty() ? "no syscall" : perRoundTrip.stream().map(SyscallCount.PerOperation::words)
                    .collect(Collectors.joining(" + "));
            String per = request.pipeline() == 1 ? "per request" : "per round trip of " + request.pipeline() + " requests";
            return String.format(Locale.ROOT, "%s, %s: %s %s (by difference of %d and %d round trips)", server, request.words(),
                    calls, per, roundTrips, 2 * roundTrips);
        }
    }

    static final String KEY = "jab:verify";
    static final String VALUE = "0123456789abcdef0123456789abcdef";
    private static final Duration STOP = Duration.ofSeconds(30);

    private ServerSyscalls() {
    }

    /**
     * @param warmup round trips sent before the counted ones in both runs: the JIT's compiles of
     *               jab's request path happen there, in both runs alike
     */
    static Count count(Path strace, String server, Starter starter, Request request, long roundTrips, long warmup, Path workDir)
            throws IOException, InterruptedException {
        Map<String, SyscallCount.Calls> once = traced(strace, starter, request, warmup, roundTrips, workDir);
        Map<String, SyscallCount.Calls> twice = traced(strace, starter, request, warmup, 2 * roundTrips, workDir);
        return new Count(server, request, roundTrips, SyscallCount.difference(once, twice, roundTrips));
    }

    private static Map<String, SyscallCount.Calls> traced(Path strace, Starter starter, Request request, long warmup,
                                                          long roundTrips, Path workDir) throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path out = Files.createTempFile(workDir, "kv-strace", ".txt");
        try {
            try (ServerProcess s = starter.start(wrapper(strace, out))) {
                send(s.port, request, warmup + roundTrips);
                if (!s.stopWrapped(STOP)) {
                    throw new IOException(s.name + " server under strace did not stop within " + STOP.toSeconds() + " s of SIGTERM");
                }
            }
            return SyscallCount.read(out);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * strace counting into {@code out}, then, where util-linux has it, setpriv asking the kernel to kill
     * the server when strace dies: a tracer that dies detaches its tracee, which would go on listening.
     */
    private static List<String> wrapper(Path strace, Path out) {
        List<String> w = new ArrayList<>(SyscallCount.counting(strace, out));
        Subprocess.onPath("setpriv").ifPresent(setpriv -> w.addAll(List.of(setpriv.toString(), "--pdeathsig", "KILL", "--")));
        return w;
    }

    /** One connection: the key set once, then round trips of {@code pipeline} commands, each reply checked. */
    static void send(int port, Request request, long roundTrips) throws IOException {
        try (RespClient c = new RespClient("127.0.0.1", port)) {
            c.command("SET", KEY, VALUE);
            c.flush();
            check(c.readReply(), "SET");
            String[] args = request.args();
            for (long r = 0; r < roundTrips; r++) {
                for (int i = 0; i < request.pipeline(); i++) {
                    c.command(args);
                }
                c.flush();
                for (int i = 0; i < request.pipeline(); i++) {
                    check(c.readReply(), request.command());
                }
            }
        }
    }

    private static void check(boolean ok, String command) throws IOException {
        if (!ok) {
            throw new IOException("the server answered " + command + " with an error");
        }
    }

    /** The requests traced: one at a time, then pipelined as in the end-to-end runs. */
    static List<Request> requests() {
        List<Request> out = new ArrayList<>();
        for (int pipeline : SideBySide.PIPELINES) {
            for (String command : List.of("GET", "SET")) {
                out.add(new Request(command, pipeline));
            }
        }
        return out;
    }
}
