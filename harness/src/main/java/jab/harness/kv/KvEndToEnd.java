package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jab.harness.exec.Subprocess;
import jab.harness.results.NativeResult;
import jab.kv.load.LoadConfig;
import jab.kv.server.Transport;

/**
 * The end-to-end part of {@code jab run kv}: for each load shape, rounds in which jab's server (in its
 * own JVM) and, when redis-server is installed, a Redis with persistence off are each started on a
 * loopback port, driven by the same load generator ({@code jab kv load} in a JVM of its own) with the
 * same settings, and stopped. The order alternates over the rounds (jab, Redis; Redis, jab; ...), so
 * neither server always runs first on a machine whose speed drifts, and every round starts fresh
 * servers, so the spread over rounds includes the servers' start-up (JIT, heap layout) and each
 * figure gets an interval with the round as its unit. Servers and load generator share the machine,
 * which is part of what is measured.
 */
final class KvEndToEnd {
    /** One measured load run against one server, in a round (1-based), at a position in it (1: first). */
    record Row(String server, String serverVersion, int round, int position, LoadConfig load, LoadFigures result) {
    }

    /** The load shapes of a profile: clients and pipeline depth; warmup and duration in ms. */
    record Shape(int clients, int pipeline, long warmupMillis, long durationMillis) {
    }

    private KvEndToEnd() {
    }

    static List<Row> run(List<Shape> shapes, int rounds, Optional<Path> redisServer, Path workDir, java.io.PrintStream log)
            throws Exception {
        List<String> servers = redisServer.isPresent() ? List.of("jab", "redis") : List.of("jab");
        List<Row> rows = new ArrayList<>();
        for (Shape shape : shapes) {
            for (int round = 1; round <= rounds; round++) {
                List<String> order = order(servers, round);
                for (int i = 0; i < order.size(); i++) {
                    try (ServerProcess s = order.get(i).equals("jab") ? startJab() : ServerProcess.redis(redisServer.get())) {
                        log.printf("kv end-to-end: round %d of %d, %s server on 127.0.0.1:%d, %d clients, pipeline %d%n",
                                round, rounds, s.name, s.port, shape.clients(), shape.pipeline());
                        rows.add(measure(s, shape, round, i + 1, workDir));
                    }
                }
            }
        }
        return rows;
    }

    /**
     * The servers in the order they run in a round (1-based), as the side by side orders its own
     * ({@link ServerOrder}): for jab and Redis as given in odd rounds, reversed in even ones (A B, B A,
     * A B, ...), so over every two rounds each runs first once and each runs right after the other once.
     */
    static <T> List<T> order(List<T> servers, int round) {
        return ServerOrder.of(servers, round - 1);
    }

    /**
     * A jab server for the end-to-end runs: 16 shards and half the CPUs as event loops, since the
     * load tool runs on the same machine and needs the other half (Redis runs commands on one thread).
     */
    static ServerProcess startJab() throws IOException, InterruptedException {
        return startJab(List.of());
    }

    /** The same server, run by {@code wrapper} (strace, for {@code jab verify kv}): what is counted is what is measured. */
    static ServerProcess startJab(List<String> wrapper) throws IOException, InterruptedException {
        return startJab(wrapper, List.of());
    }

    /** The same server with more of jab kv serve's options (persistence). */
    static ServerProcess startJab(List<String> wrapper, List<String> serveArgs) throws IOException, InterruptedException {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        return ServerProcess.jab(wrapper, java, SERVER_SHARDS, Math.max(1, Runtime.getRuntime().availableProcessors() / 2), serveArgs);
    }

    /** The same server on {@code transport}, as {@code jab kv serve --transport} starts it. */
    static ServerProcess startJab(List<String> wrapper, List<String> serveArgs, Transport transport)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(serveArgs);
        args.addAll(List.of("--transport", transport.label()));
        return startJab(wrapper, args);
    }

    /** The jab server's shards in the end-to-end runs, kept in its results' params. */
    static final int SERVER_SHARDS = 16;

    /** The params that say which server ran: its name, and jab's shard count. */
    static Map<String, String> server(String name) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("server", name);
        if (name.equals("jab")) {
            p.put("shards", Integer.toString(SERVER_SHARDS));
        }
        return p;
    }

    private static Row measure(ServerProcess server, Shape shape, int round, int position, Path workDir) throws Exception {
        LoadConfig c = new LoadConfig();
        c.host = "127.0.0.1";
        c.port = server.port;
        c.clients = shape.clients();
        c.pipeline = shape.pipeline();
        c.warmupMillis = shape.warmupMillis();
        c.durationMillis = shape.durationMillis();
        c.getRatio = 0.8;
        c.keys = 50_000;
        c.valueSize = 32;
        LoadFigures r = LoadProcess.run(c, workDir);
        if (!server.alive()) {
            throw new IllegalStateException(server.name + " server died during the load");
        }
        return new Row(server.name, server.version, round, position, c, r);
    }

    /** {@code --redis PATH} if given, else JAB_REDIS_SERVER, else redis-server on the PATH, if any. */
    static Optional<Path> findRedis(Path given) {
        if (given != null) {
            return Optional.of(given);
        }
        String override = System.getenv("JAB_REDIS_SERVER");
        if (override != null && !override.isBlank()) {
            Path p = Paths.get(override);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        return Subprocess.onPath("redis-server");
    }

    /**
     * Throughput (ops/s) and mean latency (us/op) per server and shape, in JMH's JSON shape
     * (timings.json), each round a "fork" of one sample: the interval over forks is the one over rounds.
     */
    static List<NativeResult> nativeResults(List<Row> rows) {
        Map<String, List<Row>> byServerAndShape = new LinkedHashMap<>();
        rows.forEach(r -> byServerAndShape.computeIfAbsent(r.server() + "/" + r.load().clients + "/" + r.load().pipeline,
                k -> new ArrayList<>()).add(r));
        List<NativeResult> out = new ArrayList<>();
        for (List<Row> runs : byServerAndShape.values()) {
            Row first = runs.get(0);
            Map<String, String> params = params(first);
            String tool = first.serverVersion() + "; jab kv load in its own JVM, " + first.load().clients + " clients; one fork per round, "
                    + "servers in alternating order";
            out.add(new NativeResult("e2e.kv." + first.server() + ".throughput", "thrpt", "ops/s", params,
                    perRound(runs, LoadFigures::throughput), tool));
            out.add(new NativeResult("e2e.kv." + first.server() + ".latency", "avgt", "us/op", params,
                    perRound(runs, LoadFigures::meanUs), tool));
        }
        return out;
    }

    private static List<double[]> perRound(List<Row> runs, java.util.function.ToDoubleFunction<LoadFigures> figure) {
        return runs.stream().map(r -> new double[] {figure.applyAsDouble(r.result())}).toList();
    }

    static Map<String, String> params(Row row) {
        Map<String, String> p = server(row.server());
        p.put("clients", Integer.toString(row.load().clients));
        p.put("pipeline", Integer.toString(row.load().pipeline));
        p.put("getRatio", Double.toString(row.load().getRatio));
        p.put("keys", Integer.toString(row.load().keys));
        p.put("valueSize", Integer.toString(row.load().valueSize));
        return p;
    }

    /** Everything the section shows, including the percentiles JMH's JSON shape has no place for. */
    static List<KvEndToEndDocument> details(List<Row> rows) {
        List<KvEndToEndDocument> out = new ArrayList<>();
        for (Row row : rows) {
            LoadConfig c = row.load();
            LoadFigures r = row.result();
            out.add(new KvEndToEndDocument(row.server(), c.clients, c.pipeline, c.getRatio, c.keys, c.valueSize,
                    row.serverVersion(), r.seconds(), c.warmupMillis / 1000.0, r.requests(), r.errors(), r.throughput(),
                    r.meanUs(), r.p50Us(), r.p99Us(), r.p999Us(), r.maxUs(), row.round(), row.position()));
        }
        return out;
    }
}
