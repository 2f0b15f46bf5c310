package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import jab.harness.compare.StatTest;
import jab.harness.compare.TargetCheck;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;

/** The kv part of summary.md: latency and throughput against ConcurrentHashMap, and end to end against Redis. */
final class KvSummary {
    private static final String PKG = "jab.bench.kv.";
    private static final String[] OPS = {"get", "set", "mixed"};
    private static final String[] THREADS = {"1Thread", "2Threads", "4Threads", "8Threads"};

    private KvSummary() {
    }

    static String markdown(RunResults run, Path e2eFile, Path redisBenchmarkFile) {
        StringBuilder sb = new StringBuilder("## kv: sharded key-value store\n\n");
        for (String jdk : run.jdkIds()) {
            List<BenchResult> kv = RunResults.filter(run.jmh(jdk), r -> r.benchmark().startsWith(PKG));
            if (kv.isEmpty()) {
                continue;
            }
            sb.append("### JDK ").append(jdk).append(" (").append(kv.get(0).jdkVersion()).append(")\n\n");
            latency(sb, kv);
            throughput(sb, kv);
        }
        try {
            endToEnd(sb, e2eFile);
            redisBenchmark(sb, redisBenchmarkFile);
        } catch (IOException e) {
            sb.append("End-to-end details unavailable: ").append(e.getMessage()).append("\n\n");
        }
        return sb.toString();
    }

    private static void latency(StringBuilder sb, List<BenchResult> kv) {
        TreeSet<Integer> shards = shardsOf(kv, "StoreLatencyBenchmark");
        if (shards.isEmpty()) {
            return;
        }
        sb.append("Latency, one thread (ns/op, lower is better); the ratio is the store over ConcurrentHashMap ")
                .append("doing the same work (targets: get <= 1.2x, set <= 1.5x).\n\n| op | ConcurrentHashMap |");
        shards.forEach(s -> sb.append(" store, ").append(s).append(s == 1 ? " shard" : " shards").append(" |"));
        shards.forEach(s -> sb.append(" ratio ").append(s).append(" |"));
        sb.append("\n|---|---:|");
        shards.forEach(s -> sb.append("---:|---:|"));
        sb.append('\n');
        for (String op : OPS) {
            Optional<BenchResult> base = find(kv, "ConcurrentHashMapLatencyBenchmark", op, null);
            sb.append("| ").append(op).append(" | ").append(base.map(KvSummary::cell).orElse("-")).append(" |");
            for (int s : shards) {
                sb.append(' ').append(find(kv, "StoreLatencyBenchmark", op, s).map(KvSummary::cell).orElse("-")).append(" |");
            }
            for (int s : shards) {
                Optional<BenchResult> st = find(kv, "StoreLatencyBenchmark", op, s);
                sb.append(' ').append(base.isPresent() && st.isPresent()
                        ? String.format(Locale.ROOT, "%.2fx", st.get().score() / base.get().score()) : "-").append(" |");
            }
            sb.append('\n');
        }
        sb.append('\n');
    }

    private static void throughput(StringBuilder sb, List<BenchResult> kv) {
        TreeSet<Integer> shards = shardsOf(kv, "StoreThroughputBenchmark");
        if (shards.isEmpty()) {
            return;
        }
        sb.append("Throughput of the 70/25/5 get/set/del mix (ops/ms, all threads, higher is better); ")
                .append("more threads than cores share the same CPUs.\n\n| threads | ConcurrentHashMap |");
        shards.forEach(s -> sb.append(" store, ").append(s).append(s == 1 ? " shard" : " shards").append(" |"));
        sb.append("\n|---:|---:|");
        shards.forEach(s -> sb.append("---:|"));
        sb.append('\n');
        for (String t : THREADS) {
            String method = "mixed_" + t;
            sb.append("| ").append(t.replaceAll("\\D", "")).append(" | ")
                    .append(find(kv, "ConcurrentHashMapThroughputBenchmark", method, null).map(KvSummary::cell).orElse("-")).append(" |");
            for (int s : shards) {
                sb.append(' ').append(find(kv, "StoreThroughputBenchmark", method, s).map(KvSummary::cell).orElse("-")).append(" |");
            }
            sb.append('\n');
        }
        sb.append('\n');
    }

    private static void endToEnd(StringBuilder sb, Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        List<Map<String, Object>> rows = new ObjectMapper().readValue(file.toFile(), new TypeReference<List<Map<String, Object>>>() { });
        if (rows.isEmpty()) {
            return;
        }
        sb.append("### End to end over TCP (RESP, loopback)\n\n")
                .append("`jab kv load` (closed loop, GET ratio 0.8, 50,000 keys, 32-byte values) against each server in turn, ")
                .append("on the same machine as the servers. Redis runs with persistence off.\n\n")
                .append("| Server | Clients | Pipeline | Duration | Throughput (RPS) | Avg Latency (us) | p50 (us) | p99 (us) | p99.9 (us) | max (us) | Errors |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %.0fs | %.0f | %.1f | %.1f | %.1f | %.1f | %.1f | %s |%n",
                    r.get("server"), r.get("clients"), r.get("pipeline"), num(r, "seconds"), num(r, "throughput"),
                    num(r, "avgUs"), num(r, "p50Us"), num(r, "p99Us"), num(r, "p999Us"), num(r, "maxUs"), r.get("errors")));
        }
        List<String> ratios = new ArrayList<>();
        for (Map<String, Object> j : rows) {
            if (!"jab".equals(j.get("server"))) {
                continue;
            }
            for (Map<String, Object> r : rows) {
                if ("redis".equals(r.get("server")) && r.get("clients").equals(j.get("clients"))
                        && r.get("pipeline").equals(j.get("pipeline"))) {
                    ratios.add(String.format(Locale.ROOT, "%s clients, pipeline %s: jab/Redis throughput %.2fx",
                            j.get("clients"), j.get("pipeline"), num(j, "throughput") / num(r, "throughput")));
                }
            }
        }
        sb.append('\n');
        if (!ratios.isEmpty()) {
            ratios.forEach(x -> sb.append("- ").append(x).append('\n'));
            sb.append('\n');
        }
        sb.append("Servers: ");
        rows.stream().map(r -> r.get("server") + " = " + r.get("serverVersion")).distinct()
                .forEach(x -> sb.append(x).append("; "));
        sb.append("\n\n");
    }

    /**
     * jab's server and Redis under redis-benchmark, round by round: the throughput ratio per test with
     * its interval and Welch's t-test over the rounds (few rounds, so a rank test could never reach
     * significance), and each server's CPU time per request.
     */
    @SuppressWarnings("unchecked")
    private static void redisBenchmark(StringBuilder sb, Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        Map<String, Object> doc = new ObjectMapper().readValue(file.toFile(), new TypeReference<Map<String, Object>>() { });
        List<Map<String, Object>> rows = (List<Map<String, Object>>) doc.getOrDefault("rows", List.of());
        if (rows.isEmpty()) {
            return;
        }
        sb.append("### Side by side under redis-benchmark\n\n")
                .append("`").append(doc.get("command")).append("` (").append(doc.get("tool"))
                .append("), against both servers in one run, one warm-up run each, then rounds in alternating order. ")
                .append("Requests/s: the mean of the rounds, each round in brackets; latency p50/p99 in ms as ")
                .append("redis-benchmark reports them (mean of the rounds); CPU: the server process's CPU time ")
                .append("(all threads, user + system) per request, in us, mean of the rounds.\n\n")
                .append("| Test | Pipeline | jab (requests/s) | Redis (requests/s) | jab/Redis | jab p50/p99 (ms) | Redis p50/p99 (ms) ")
                .append("| jab CPU (us/req) | Redis CPU (us/req) |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        List<String> verdicts = new ArrayList<>();
        for (Map<String, Object> j : rows) {
            if (!"jab".equals(j.get("server"))) {
                continue;
            }
            Optional<Map<String, Object>> r = rows.stream().filter(x -> "redis".equals(x.get("server"))
                    && x.get("test").equals(j.get("test")) && x.get("pipeline").equals(j.get("pipeline"))).findFirst();
            double jab = mean(j, "rps");
            double redis = r.map(x -> mean(x, "rps")).orElse(Double.NaN);
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", j.get("test"), j.get("pipeline"),
                    rounds(j), r.map(KvSummary::rounds).orElse("-"),
                    Double.isFinite(redis) ? String.format(Locale.ROOT, "%.2fx", jab / redis) : "-",
                    latencies(j), r.map(KvSummary::latencies).orElse("-"), cpu(j), r.map(KvSummary::cpu).orElse("-")));
            if (r.isPresent()) {
                TargetCheck t = TargetCheck.of(array(r.get(), "rps"), array(j, "rps"), true, StatTest.WELCH);
                double cpuRatio = mean(j, "serverCpuUsPerRequest") / mean(r.get(), "serverCpuUsPerRequest");
                verdicts.add(String.format(Locale.ROOT, "%s, pipeline %s: jab %s Redis, %s%s", j.get("test"), j.get("pipeline"),
                        t.ratioWords(), t.verdictWords(), Double.isFinite(cpuRatio)
                                ? String.format(Locale.ROOT, "; jab's CPU per request %.2fx Redis's", cpuRatio) : ""));
            }
        }
        sb.append('\n');
        verdicts.forEach(v -> sb.append("- ").append(v).append('\n'));
        sb.append("\nServers: ");
        rows.stream().map(x -> x.get("server") + " = " + x.get("serverVersion")).distinct().forEach(x -> sb.append(x).append("; "));
        sb.append("\n\n");
    }

    private static String cpu(Map<String, Object> row) {
        double c = mean(row, "serverCpuUsPerRequest");
        return Double.isFinite(c) ? String.format(Locale.ROOT, "%.2f", c) : "-";
    }

    private static double[] array(Map<String, Object> row, String key) {
        return values(row, key).stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static String rounds(Map<String, Object> row) {
        List<String> each = values(row, "rps").stream().map(v -> String.format(Locale.ROOT, "%.0f", v)).toList();
        return String.format(Locale.ROOT, "%.0f [%s]", mean(row, "rps"), String.join(", ", each));
    }

    private static String latencies(Map<String, Object> row) {
        return String.format(Locale.ROOT, "%.3f / %.3f", mean(row, "p50Ms"), mean(row, "p99Ms"));
    }

    private static double mean(Map<String, Object> row, String key) {
        return java.util.Arrays.stream(array(row, key)).average().orElse(Double.NaN);
    }

    private static List<Double> values(Map<String, Object> row, String key) {
        Object v = row.get(key);
        List<Double> out = new ArrayList<>();
        if (v instanceof List<?> list) {
            for (Object o : list) {
                out.add(o instanceof Number n ? n.doubleValue() : Double.NaN);
            }
        }
        return out;
    }

    private static double num(Map<String, Object> r, String k) {
        Object v = r.get(k);
        return v instanceof Number ? ((Number) v).doubleValue() : Double.NaN;
    }

    private static TreeSet<Integer> shardsOf(List<BenchResult> kv, String cls) {
        TreeSet<Integer> s = new TreeSet<>();
        for (BenchResult r : kv) {
            if (r.benchmark().startsWith(PKG + cls + ".") && r.param("shards") != null) {
                s.add(Integer.parseInt(r.param("shards")));
            }
        }
        return s;
    }

    private static Optional<BenchResult> find(List<BenchResult> kv, String cls, String method, Integer shards) {
        return kv.stream().filter(r -> r.benchmark().equals(PKG + cls + "." + method)
                && (shards == null || shards.toString().equals(r.param("shards")))).findFirst();
    }

    private static String cell(BenchResult r) {
        return ResultTable.number(r.score()) + (Double.isFinite(r.scoreError()) ? " ± " + ResultTable.number(r.scoreError()) : "");
    }
}
