package jab.harness.kv;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import jab.bench.kv.KvImpl;
import jab.harness.compare.StatTest;
import jab.harness.compare.TargetCheck;
import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;
import jab.harness.stats.Stats;

/**
 * The kv section of summary.md and the reports: latency and throughput of the store against
 * ConcurrentHashMap, then end to end against Redis under jab's load generator and under redis-benchmark.
 */
final class KvSection {
    private static final String[] OPS = {"get", "set", "mixed"};
    private static final String[] THREADS = {"1Thread", "2Threads", "4Threads", "8Threads"};

    private KvSection() {
    }

    static void render(RunResults run, Page page, int level) {
        page.heading(level, "kv: sharded key-value store");
        for (String jdk : run.jdkIds()) {
            List<KvResult> kv = KvResult.of(run.jmh(jdk));
            if (kv.isEmpty()) {
                continue;
            }
            page.heading(level + 1, "JDK " + jdk + " (" + kv.get(0).result().jdkVersion() + ")");
            latency(page, kv, run.baselines());
            throughput(page, kv);
        }
        endToEnd(page, level + 1, run.documentList(KvEndToEndDocument.NAME, KvEndToEndDocument.class));
        run.document(RedisBenchmarkDocument.NAME, RedisBenchmarkDocument.class).ifPresent(d -> redisBenchmark(page, level + 1, d));
    }

    private static void latency(Page page, List<KvResult> kv, List<BenchResult> baselines) {
        List<Integer> shards = KvResult.storeShards(kv, KvResult.Kind.LATENCY);
        if (shards.isEmpty()) {
            return;
        }
        boolean floor = baselines.stream().anyMatch(b -> b.benchmark().startsWith(KvNativeBaseline.PREFIX));
        page.paragraph("Latency, one thread (ns/op, lower is better); the ratio is the store over ConcurrentHashMap "
                + "doing the same work (targets: get <= 1.2x, set <= 1.5x)."
                + (floor ? " `C hash table`: the same keys and operations from C on an open-addressing table, the native floor." : ""));
        List<String> header = header("op", shards);
        shards.forEach(s -> header.add("ratio " + s));
        if (floor) {
            header.add("C hash table");
        }
        List<List<String>> rows = new ArrayList<>();
        for (String op : OPS) {
            Optional<BenchResult> base = KvResult.find(kv, KvResult.Kind.LATENCY, op, KvImpl.CONCURRENT_HASH_MAP);
            List<String> row = new ArrayList<>(List.of(op, base.map(ResultTable::cell).orElse("-")));
            shards.forEach(s -> row.add(KvResult.find(kv, KvResult.Kind.LATENCY, op, KvResult.store(s)).map(ResultTable::cell).orElse("-")));
            for (int s : shards) {
                Optional<BenchResult> st = KvResult.find(kv, KvResult.Kind.LATENCY, op, KvResult.store(s));
                row.add(base.isPresent() && st.isPresent()
                        ? String.format(Locale.ROOT, "%.2fx", st.get().score() / base.get().score()) : "-");
            }
            if (floor) {
                row.add(baselines.stream().filter(b -> b.benchmark().equals(KvNativeBaseline.PREFIX + op)).findFirst()
                        .map(ResultTable::cell).orElse("-"));
            }
            rows.add(row);
        }
        page.table(header, rows, 1);
    }

    private static void throughput(Page page, List<KvResult> kv) {
        List<Integer> shards = KvResult.storeShards(kv, KvResult.Kind.THROUGHPUT);
        if (shards.isEmpty()) {
            return;
        }
        page.paragraph("Throughput of the 70/25/5 get/set/del mix (ops/ms, all threads, higher is better); "
                + "more threads than cores share the same CPUs.");
        List<String> header = header("threads", shards);
        List<List<String>> rows = new ArrayList<>();
        for (String t : THREADS) {
            String method = "mixed_" + t;
            List<String> row = new ArrayList<>(List.of(t.replaceAll("\\D", ""),
                    KvResult.find(kv, KvResult.Kind.THROUGHPUT, method, KvImpl.CONCURRENT_HASH_MAP).map(ResultTable::cell).orElse("-")));
            shards.forEach(s -> row.add(KvResult.find(kv, KvResult.Kind.THROUGHPUT, method, KvResult.store(s))
                    .map(ResultTable::cell).orElse("-")));
            rows.add(row);
        }
        page.table(header, rows, 0);
    }

    /** The first column, then ConcurrentHashMap, then the store by shard count. */
    private static List<String> header(String first, List<Integer> shards) {
        List<String> header = new ArrayList<>(List.of(first, "ConcurrentHashMap"));
        shards.forEach(s -> header.add("store, " + s + (s == 1 ? " shard" : " shards")));
        return header;
    }

    private static void endToEnd(Page page, int level, List<KvEndToEndDocument> rows) {
        if (rows.isEmpty()) {
            return;
        }
        page.heading(level, "End to end over TCP (RESP, loopback)");
        page.paragraph("`jab kv load` (closed loop, GET ratio 0.8, 50,000 keys, 32-byte values) against each server in turn, "
                + "on the same machine as the servers. Redis runs with persistence off.");
        List<List<String>> table = new ArrayList<>();
        for (KvEndToEndDocument r : rows) {
            table.add(List.of(r.server(), Integer.toString(r.clients()), Integer.toString(r.pipeline()),
                    f("%.0fs", r.seconds()), f("%.0f", r.throughput()), f("%.1f", r.avgUs()), f("%.1f", r.p50Us()),
                    f("%.1f", r.p99Us()), f("%.1f", r.p999Us()), f("%.1f", r.maxUs()), Long.toString(r.errors())));
        }
        page.table(List.of("Server", "Clients", "Pipeline", "Duration", "Throughput (RPS)", "Avg Latency (us)", "p50 (us)",
                "p99 (us)", "p99.9 (us)", "max (us)", "Errors"), table, 1);
        List<String> ratios = new ArrayList<>();
        for (KvEndToEndDocument j : rows) {
            if (!"jab".equals(j.server())) {
                continue;
            }
            rows.stream().filter(r -> "redis".equals(r.server()) && r.clients() == j.clients() && r.pipeline() == j.pipeline())
                    .forEach(r -> ratios.add(String.format(Locale.ROOT, "%d clients, pipeline %d: jab/Redis throughput %.2fx",
                            j.clients(), j.pipeline(), j.throughput() / r.throughput())));
        }
        if (!ratios.isEmpty()) {
            page.bullets(ratios);
        }
        page.paragraph("Servers: " + rows.stream().map(r -> r.server() + " = " + r.serverVersion()).distinct()
                .collect(Collectors.joining("; ")));
    }

    /**
     * jab's server and Redis under redis-benchmark, round by round: the throughput ratio per test with
     * its interval and Welch's t-test over the rounds (few rounds, so a rank test could never reach
     * significance), and each server's CPU time per request.
     */
    private static void redisBenchmark(Page page, int level, RedisBenchmarkDocument doc) {
        if (doc.rows() == null || doc.rows().isEmpty()) {
            return;
        }
        page.heading(level, "Side by side under redis-benchmark");
        page.paragraph("`" + doc.command() + "` (" + doc.tool() + "), against both servers in one run, one warm-up run each, "
                + "then rounds in alternating order. Requests/s: the mean of the rounds, each round in brackets; latency "
                + "p50/p99 in ms as redis-benchmark reports them (mean of the rounds); CPU: the server process's CPU time "
                + "(all threads, user + system) per request, in us, mean of the rounds.");
        List<List<String>> table = new ArrayList<>();
        List<String> verdicts = new ArrayList<>();
        for (RedisBenchmarkDocument.Row j : doc.rows()) {
            if (!"jab".equals(j.server())) {
                continue;
            }
            Optional<RedisBenchmarkDocument.Row> r = doc.rows().stream().filter(x -> "redis".equals(x.server())
                    && x.test().equals(j.test()) && x.pipeline() == j.pipeline()).findFirst();
            double redis = r.map(x -> mean(x.rps())).orElse(Double.NaN);
            table.add(List.of(j.test(), Integer.toString(j.pipeline()), rounds(j), r.map(KvSection::rounds).orElse("-"),
                    Double.isFinite(redis) ? f("%.2fx", mean(j.rps()) / redis) : "-", latencies(j),
                    r.map(KvSection::latencies).orElse("-"), cpu(j), r.map(KvSection::cpu).orElse("-")));
            r.ifPresent(x -> {
                TargetCheck t = TargetCheck.of(x.rps(), j.rps(), true, StatTest.WELCH);
                double cpuRatio = mean(j.serverCpuUsPerRequest()) / mean(x.serverCpuUsPerRequest());
                verdicts.add(String.format(Locale.ROOT, "%s, pipeline %d: jab %s Redis, %s%s", j.test(), j.pipeline(),
                        t.ratioWords(), t.verdictWords(), Double.isFinite(cpuRatio)
                                ? String.format(Locale.ROOT, "; jab's CPU per request %.2fx Redis's", cpuRatio) : ""));
            });
        }
        page.table(List.of("Test", "Pipeline", "jab (requests/s)", "Redis (requests/s)", "jab/Redis", "jab p50/p99 (ms)",
                "Redis p50/p99 (ms)", "jab CPU (us/req)", "Redis CPU (us/req)"), table, 1);
        if (!verdicts.isEmpty()) {
            page.bullets(verdicts);
        }
        page.paragraph("Servers: " + doc.rows().stream().map(x -> x.server() + " = " + x.serverVersion()).distinct()
                .collect(Collectors.joining("; ")));
    }

    private static String cpu(RedisBenchmarkDocument.Row row) {
        double c = mean(row.serverCpuUsPerRequest());
        return Double.isFinite(c) ? f("%.2f", c) : "-";
    }

    private static String rounds(RedisBenchmarkDocument.Row row) {
        String each = Arrays.stream(row.rps()).mapToObj(v -> f("%.0f", v)).collect(Collectors.joining(", "));
        return f("%.0f", mean(row.rps())) + " [" + each + "]";
    }

    private static String latencies(RedisBenchmarkDocument.Row row) {
        return String.format(Locale.ROOT, "%.3f / %.3f", mean(row.p50Ms()), mean(row.p99Ms()));
    }

    /** Stats.mean, with a document written before a figure existed (a missing array) reading as NaN. */
    private static double mean(double[] xs) {
        return xs == null ? Double.NaN : Stats.mean(xs);
    }

    private static String f(String format, double v) {
        return String.format(Locale.ROOT, format, v);
    }
}
