package jab.harness.kv;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

import jab.harness.UsageException;
import jab.harness.trace.VerifyTraces;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jab verify kv}: the syscalls per request of {@code jab kv serve} on each transport this machine
 * can run (epoll, io_uring, nio), and of redis-server beside it when installed, as strace counts them:
 * the proof of what one request costs the OS on each server and transport, whatever the end-to-end
 * figures say about time.
 */
@Command(name = "kv", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Counts the syscalls per request of jab kv serve (in a JVM of the JDK running jab, as jab run kv",
            "starts it) on each transport this machine can run (epoll, io_uring, nio; a line says why one cannot)",
            "and of redis-server when installed: each server runs under strace -f -c (all its threads), one",
            "client sends GET or SET, one at a time (P1) and pipelined (P16), N and then 2N round trips after the same",
            "warm-up, and the difference over N is one round trip's own. Both servers are stopped afterwards.",
            "Exit 0: every count was made; 1: strace missing (Debian package 'strace') or a count failed; 2: bad input."},
        footer = {"", "Examples:", "  ./jab verify kv", "  ./jab verify kv --round-trips 20000 --redis /usr/bin/redis-server"})
final class KvVerifyCommand implements Callable<Integer> {
    @Option(names = "--round-trips", paramLabel = "N", defaultValue = "10000",
            description = "round trips counted (N, then 2N), after as many warm-up ones; default 10000")
    long roundTrips;

    @Option(names = "--redis", paramLabel = "PATH",
            description = "the redis-server to count beside jab's server (default: redis-server on the PATH)")
    Path redis;

    @Override
    public Integer call() throws Exception {
        if (roundTrips < 100) {
            throw new UsageException("--round-trips must be at least 100 (fewer cannot tell a request's syscalls from noise), got "
                    + roundTrips);
        }
        if (redis != null) {
            KvRunOptions.checkRedis(redis);
        }
        return VerifyTraces.run(Paths.get(System.getProperty("java.io.tmpdir")), "jab-verify-kv-", (strace, work) -> {
            Optional<Path> redisServer = KvEndToEnd.findRedis(redis);
            List<ServerSyscalls.Server> servers = ServerSyscalls.servers(redisServer, ServerTransports.available());
            System.out.printf("Syscalls per request, counted by strace -f -c over all the server's threads: %d and %d round trips "
                    + "after %d warm-up ones, one client connection, the difference over %d.%n", roundTrips, 2 * roundTrips,
                    roundTrips, roundTrips);
            if (redisServer.isEmpty()) {
                System.out.println("note: redis-server not found (--redis, PATH or JAB_REDIS_SERVER): jab's server only");
            }
            ServerTransports.leftOut().forEach(why -> System.out.println("note: " + why));
            // Ctrl-C or SIGTERM: strace and the server under it go too (the server would otherwise outlive
            // a killed strace, detached and still listening)
            Thread stop = new Thread(() -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly),
                    "kv-verify-stop");
            Runtime.getRuntime().addShutdownHook(stop);
            int failures = 0;
            try {
                for (ServerSyscalls.Request request : ServerSyscalls.requests()) {
                    for (ServerSyscalls.Server s : servers) {
                        try {
                            System.out.println(ServerSyscalls.count(strace, s.name(), s.starter(), request, roundTrips,
                                    roundTrips, work).line());
                        } catch (Exception e) {
                            failures++;
                            System.out.println(s.name() + ", " + request.words() + ": count failed: " + e.getMessage());
                        }
                    }
                }
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(stop);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running or about to: it stops what is left
                }
            }
            return failures;
        });
    }
}
