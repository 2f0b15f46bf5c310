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
import jab.kv.load.LoadGenerator;
import jab.kv.load.LoadResult;

/**
 * The end-to-end part of {@code jab run kv}: for each load shape, a jab server in its own JVM and, when
 * redis-server is installed, a Redis with persistence off, each on its own loopback port, driven in
 * turn by the same load generator (in this JVM) with the same settings, each stopped afterwards.
 * Both servers share the machine with the load generator, which is part of what is measured.
 */
final class KvEndToEnd {
    /** One measured load run against one server. */
    record Row(String server, String serverVersion, LoadConfig load, LoadResult result) {
    }

    /** The load shapes of a profile: clients and pipeline depth; warmup and duration in ms. */
    record Shape(int clients, int pipeline, long warmupMillis, long durationMillis) {
    }

    private KvEndToEnd() {
    }

    static List<Row> run(List<Shape> shapes, Optional<Path> redisServer, java.io.PrintStream log) throws Exception {
        List<Row> rows = new ArrayList<>();
        for (Shape shape : shapes) {
            try (ServerProcess jab = startJab()) {
                log.printf("kv end-to-end: jab server on 127.0.0.1:%d, %d clients, pipeline %d%n", jab.port, shape.clients(), shape.pipeline());
                rows.add(measure(jab, shape));
            }
            if (redisServer.isPresent()) {
                try (ServerProcess redis = ServerProcess.redis(redisServer.get())) {
                    log.printf("kv end-to-end: redis-server on 127.0.0.1:%d, %d clients, pipeline %d%n", redis.port, shape.clients(), shape.pipeline());
                    rows.add(measure(redis, shape));
                }
            }
        }
        return rows;
    }

    /**
     * A jab server for the end-to-end runs: 16 shards and half the CPUs as event loops, since the
     * load tool runs on the same machine and needs the other half (Redis runs commands on one thread).
     */
    static ServerProcess startJab() throws IOException, InterruptedException {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        return ServerProcess.jab(java, SERVER_SHARDS, Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
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

    private static Row measure(ServerProcess server, Shape shape) throws Exception {
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
        LoadResult r = new LoadGenerator(c).run();
        if (!server.alive()) {
            throw new IllegalStateException(server.name + " server died during the load");
        }
        return new Row(server.name, server.version, c, r);
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

    /** Throughput (ops/s) and mean latency (us/op) per row, in JMH's JSON shape (timings.json). */
    static List<NativeResult> nativeResults(List<Row> rows) {
        List<NativeResult> out = new ArrayList<>();
        for (Row row : rows) {
            Map<String, String> params = params(row);
            String tool = row.serverVersion() + "; jab kv load, " + row.load().clients + " clients";
            out.add(new NativeResult("e2e.kv." + row.server() + ".throughput", "thrpt", "ops/s", params,
                    NativeResult.oneFork(new double[] {row.result().throughput()}), tool));
            out.add(new NativeResult("e2e.kv." + row.server() + ".latency", "avgt", "us/op", params,
                    NativeResult.oneFork(new double[] {row.result().meanMicros()}), tool));
        }
        return out;
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
            LoadResult r = row.result();
            out.add(new KvEndToEndDocument(row.server(), c.clients, c.pipeline, c.getRatio, c.keys, c.valueSize,
                    row.serverVersion(), r.seconds, c.warmupMillis / 1000.0, r.requests, r.errors, r.throughput(),
                    r.meanMicros(), r.percentileMicros(50), r.percentileMicros(99), r.percentileMicros(99.9), r.maxMicros()));
        }
        return out;
    }
}
