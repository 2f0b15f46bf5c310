package jab.harness.kv;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jab.harness.results.NativeResult;

/**
 * jab's server and Redis under redis-benchmark, side by side in one run: both servers up at once,
 * one unreported warm-up run each (the JIT compiles jab's request path; Redis fills its allocator),
 * then rounds in which each server gets the same runs, the order flipping every round so neither
 * always goes first on a machine whose speed drifts. The load tool shares the machine with the
 * servers, as in {@code jab kv load}.
 */
final class SideBySide {
    /** Rounds, and requests per run without and with pipelining (the pipelined runs go ~15x faster). */
    record Plan(int rounds, long requests, long pipelinedRequests) {
    }

    /** Every round's figures for one server, test (GET or SET) and pipeline depth. */
    record Row(String server, String serverVersion, String test, int pipeline, long requests, List<RedisBenchmark.Test> rounds) {
        double[] rps() {
            return rounds.stream().mapToDouble(RedisBenchmark.Test::rps).toArray();
        }
    }

    static final int[] PIPELINES = {1, 16};
    private static final long TIMEOUT_SECONDS = 300;

    private SideBySide() {
    }

    static List<Row> run(RedisBenchmark tool, ServerProcess jab, ServerProcess redis, Plan plan, PrintStream log) throws Exception {
        ServerProcess[] servers = {jab, redis};
        Map<String, Row> rows = new LinkedHashMap<>();
        for (ServerProcess s : servers) {
            for (int pipeline : PIPELINES) {
                tool.run(s.port, pipeline, requests(plan, pipeline), TIMEOUT_SECONDS);
            }
        }
        for (int round = 0; round < plan.rounds(); round++) {
            log.printf("kv end-to-end: redis-benchmark round %d of %d, jab and Redis%n", round + 1, plan.rounds());
            for (int pipeline : PIPELINES) {
                for (int i = 0; i < servers.length; i++) {
                    ServerProcess s = servers[(i + round) % servers.length];
                    for (RedisBenchmark.Test t : tool.run(s.port, pipeline, requests(plan, pipeline), TIMEOUT_SECONDS)) {
                        rows.computeIfAbsent(s.name + "/" + t.name() + "/" + pipeline, k -> new Row(s.name, s.version,
                                t.name(), pipeline, requests(plan, pipeline), new ArrayList<>())).rounds().add(t);
                    }
                    if (!s.alive()) {
                        throw new IllegalStateException(s.name + " server died under redis-benchmark");
                    }
                }
            }
        }
        return new ArrayList<>(rows.values());
    }

    static long requests(Plan plan, int pipeline) {
        return pipeline > 1 ? plan.pipelinedRequests() : plan.requests();
    }

    /** Requests/s per round, in JMH's JSON shape for native.json. */
    static List<NativeResult> nativeResults(List<Row> rows, RedisBenchmark tool) {
        List<NativeResult> out = new ArrayList<>();
        for (Row r : rows) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("server", r.server());
            params.put("clients", Integer.toString(RedisBenchmark.CLIENTS));
            params.put("pipeline", Integer.toString(r.pipeline()));
            params.put("requests", Long.toString(r.requests()));
            out.add(new NativeResult("e2e.kv." + r.server() + ".redisBenchmark." + r.test().toLowerCase(java.util.Locale.ROOT),
                    "thrpt", "ops/s", params, NativeResult.oneFork(r.rps()), tool.version + " against " + r.serverVersion()));
        }
        return out;
    }

    /** What the summary shows: per row, every round's requests/s and latencies. */
    static Map<String, Object> details(List<Row> rows, RedisBenchmark tool, Path redisServer) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tool", tool.version);
        m.put("command", "redis-benchmark " + String.join(" ", RedisBenchmark.arguments(0, 1, 0)).replace("-p 0", "-p PORT")
                .replace("-n 0", "-n N") + " (and -P 16)");
        m.put("redisServer", redisServer.toString());
        List<Map<String, Object>> list = new ArrayList<>();
        for (Row r : rows) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("server", r.server());
            x.put("serverVersion", r.serverVersion());
            x.put("test", r.test());
            x.put("pipeline", r.pipeline());
            x.put("clients", RedisBenchmark.CLIENTS);
            x.put("requests", r.requests());
            x.put("rps", r.rps());
            x.put("p50Ms", r.rounds().stream().mapToDouble(RedisBenchmark.Test::p50Ms).toArray());
            x.put("p99Ms", r.rounds().stream().mapToDouble(RedisBenchmark.Test::p99Ms).toArray());
            list.add(x);
        }
        m.put("rows", list);
        return m;
    }
}
