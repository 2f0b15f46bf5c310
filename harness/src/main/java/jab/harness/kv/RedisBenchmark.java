package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jab.harness.env.SelfTimes;
import jab.harness.exec.Output;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;

/**
 * Redis's own load tool, {@code redis-benchmark -t set|get -c 50 [-P 16] --csv}, run against a RESP
 * server: the yardstick the issue names, so jab's server and Redis are compared with a tool neither
 * of them wrote. Each call is one run of one test, so the server's CPU time can be read around it;
 * its CSV gives requests/s and latencies.
 */
final class RedisBenchmark {
    static final int CLIENTS = 50;
    /** SET first: the GET runs then read a key that exists, as in redis-benchmark's own order. */
    static final List<String> TESTS = List.of("set", "get");

    /**
     * One test (GET or SET) of one run: requests/s and the latencies redis-benchmark printed, in ms, and
     * the share of one CPU redis-benchmark itself used over the run (its one thread: near 1, the client
     * set the pace; NaN where the OS does not say).
     */
    record Test(String name, double rps, double avgMs, double p50Ms, double p99Ms, double maxMs, double clientCpuShare) {
        Test(String name, double rps, double avgMs, double p50Ms, double p99Ms, double maxMs) {
            this(name, rps, avgMs, p50Ms, p99Ms, maxMs, Double.NaN);
        }

        Test withClientCpuShare(double share) {
            return new Test(name, rps, avgMs, p50Ms, p99Ms, maxMs, share);
        }
    }

    final Path executable;
    final String version;
    /** What runs it: taskset and its options, so it keeps off the servers' CPU ({@link CpuPinning}); empty: nothing. */
    private final List<String> prefix;

    private RedisBenchmark(Path executable) {
        this(executable, versionOf(executable), List.of());
    }

    private RedisBenchmark(Path executable, String version, List<String> prefix) {
        this.executable = executable;
        this.version = version;
        this.prefix = prefix;
    }

    /** The same tool, each run started by {@code prefix} (taskset -c CPU). */
    RedisBenchmark runBy(List<String> prefix) {
        return new RedisBenchmark(executable, version, List.copyOf(prefix));
    }

    /** redis-benchmark beside {@code redisServer} (same package), else on the PATH. */
    static Optional<RedisBenchmark> find(Optional<Path> redisServer) {
        Optional<Path> beside = redisServer.map(Path::getParent).map(d -> d.resolve("redis-benchmark"))
                .filter(Files::isExecutable);
        return beside.or(() -> Subprocess.onPath("redis-benchmark")).map(RedisBenchmark::new);
    }

    /** The command line of one run, as the summary prints it. */
    static List<String> arguments(int port, String test, int pipeline, long requests) {
        List<String> a = new ArrayList<>(List.of("-h", "127.0.0.1", "-p", Integer.toString(port), "-t", test,
                "-c", Integer.toString(CLIENTS), "-n", Long.toString(requests)));
        if (pipeline > 1) {
            a.addAll(List.of("-P", Integer.toString(pipeline)));
        }
        a.add("--csv");
        return a;
    }

    /**
     * Runs one test against 127.0.0.1:{@code port}. redis-benchmark retries an unreachable server
     * forever, so the run is bounded by {@code timeoutSeconds} and killed after it.
     */
    Test run(int port, String test, int pipeline, long requests, long timeoutSeconds) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(executable.toString());
        cmd.addAll(arguments(port, test, pipeline, requests));
        Optional<SelfTimes> before = SelfTimes.read();
        long start = System.nanoTime();
        Result r = Subprocess.of(cmd).named("redis-benchmark").stderr(Output.discard())
                .timeout(Duration.ofSeconds(timeoutSeconds)).run();
        long wall = System.nanoTime() - start;
        Optional<SelfTimes> after = SelfTimes.read();
        List<Test> tests = parseCsv(r.stdout());
        if (!r.ok() || tests.size() != 1) {
            throw new IOException(String.join(" ", cmd) + " exited with "
                    + r.exitCode() + " and " + tests.size() + " results");
        }
        double clientCpu = before.isEmpty() || after.isEmpty() ? Double.NaN
                : (double) (after.get().reapedChildren() - before.get().reapedChildren()) * SelfTimes.NANOS_PER_TICK / wall;
        return tests.get(0).withClientCpuShare(clientCpu);
    }

    /**
     * Reads redis-benchmark's CSV: a header naming the columns (Redis 7: test, rps, avg_latency_ms,
     * min, p50, p95, p99, max), then one quoted line per test. Redis 6 prints test and rps only; the
     * latencies are then NaN.
     */
    static List<Test> parseCsv(String csv) {
        List<Test> tests = new ArrayList<>();
        List<String> header = List.of("test", "rps");
        for (String line : csv.split("\\R")) {
            List<String> cells = Arrays.stream(line.split(",")).map(c -> c.trim().replace("\"", "")).toList();
            if (cells.size() < 2) {
                continue;
            }
            if (cells.get(0).equals("test")) {
                header = cells;
                continue;
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < Math.min(header.size(), cells.size()); i++) {
                row.put(header.get(i), cells.get(i));
            }
            tests.add(new Test(row.get("test").toUpperCase(Locale.ROOT), number(row, "rps"), number(row, "avg_latency_ms"),
                    number(row, "p50_latency_ms"), number(row, "p99_latency_ms"), number(row, "max_latency_ms")));
        }
        return tests;
    }

    private static double number(Map<String, String> row, String column) {
        try {
            return Double.parseDouble(row.getOrDefault(column, "NaN"));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static String versionOf(Path executable) {
        String v = Subprocess.versionOf(executable, "--version");
        return v.isEmpty() ? "redis-benchmark" : v;
    }
}
