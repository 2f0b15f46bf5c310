package jab.harness.kv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import jab.bench.kv.KvImpl;
import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;
import jab.harness.results.PairAnswers;
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
            List<KvResult> kv = KvResult.of(run.scores(jdk));
            if (kv.isEmpty()) {
                continue;
            }
            page.heading(level + 1, "JDK " + jdk + " (" + kv.get(0).result().jdkVersion() + ")");
            latency(page, kv, run, jdk);
            throughput(page, kv, cpus(run));
        }
        endToEnd(page, level + 1, run.documentList(KvEndToEndDocument.NAME, KvEndToEndDocument.class), CapacityRatio.band(run));
        run.document(RedisBenchmarkDocument.NAME, RedisBenchmarkDocument.class)
                .ifPresent(d -> redisBenchmark(page, level + 1, d, CapacityRatio.band(run)));
        memory(page, level + 1, run.documentList(MemoryPerKeyDocument.NAME, MemoryPerKeyDocument.class));
        syscalls(page, level + 1, run.documentList(KvSyscallsDocument.NAME, KvSyscallsDocument.class));
    }

    /** What each server's request costs the OS, as strace counted it in this run ({@code jab verify kv}). */
    private static void memory(Page page, int level, List<MemoryPerKeyDocument> rows) {
        if (rows.isEmpty()) {
            return;
        }
        MemoryPerKeyDocument first = rows.get(0);
        page.heading(level, "Memory: bytes per key");
        page.paragraph(String.format(java.util.Locale.ROOT, "What was measured: a fresh server of each kind%s, its RSS (VmRSS) and "
                + "INFO memory's used_memory read before and after %,d keys of %d bytes with %d-byte values were set over RESP "
                + "(pipelined, 1000 per round trip); bytes per key is the growth over the keys. RSS is what the machine pays "
                + "(for jab: the heap the JVM took, garbage not yet collected included); used_memory is what the server counts "
                + "for its data (Redis: its allocator's bytes; jab: its entries' objects by HotSpot's layout).",
                first.settleSeconds() == null ? "" : String.format(Locale.ROOT, ", given a warm-up load of %,d other keys that "
                        + "was flushed again and %.0f s to settle (a fresh JVM compiles its request path in its first load)",
                        MemoryPerKey.WARM_UP_KEYS, first.settleSeconds()),
                first.keys(), first.keyBytes(), first.valueBytes()));
        boolean purged = rows.stream().anyMatch(r -> r.rssPurged() != null);
        boolean slope = rows.stream().anyMatch(r -> r.rssAfterTwice() != null);
        Optional<Double> idle = rows.stream().map(MemoryPerKeyDocument::idleSeconds).filter(java.util.Objects::nonNull).findFirst();
        List<List<String>> table = new ArrayList<>();
        for (MemoryPerKeyDocument r : rows) {
            List<String> row = new ArrayList<>(List.of(r.serverWords(), String.format(java.util.Locale.ROOT, "%,d", r.keys()),
                    perKey(r.rssPerKey())));
            idle.ifPresent(x -> row.add(perKey(r.idleRssPerKey())));
            if (slope) {
                row.add(perKey(r.slopePerKey()));
            }
            if (purged) {
                row.add(perKey(r.purgedRssPerKey()));
            }
            row.addAll(List.of(perKey(r.usedMemoryPerKey()), String.format(java.util.Locale.ROOT, "%.0f MiB", r.rssAfter() / 1048576.0)));
            table.add(row);
        }
        List<String> header = new ArrayList<>(List.of("Server", "Keys", "RSS bytes per key"));
        if (idle.isPresent()) {
            header.add(String.format(Locale.ROOT, "RSS bytes per key after %.0f s idle", idle.get()));
            page.paragraph(String.format(Locale.ROOT, "After %.0f s idle: the servers were all up at once, each loaded in turn, "
                    + "then left without requests for %.0f s and their RSS read again, still against RSS before the load (an "
                    + "idle JVM may collect and give heap back; Redis's allocator keeps what it has).", idle.get(), idle.get()));
        }
        if (slope) {
            header.add(String.format(java.util.Locale.ROOT, "RSS bytes per key from %,d to %,d keys", first.keys(), 2L * first.keys()));
            page.paragraph("The slope: RSS read right after the keys, then right after as many more, the growth over the "
                    + "keys added. What one more key costs, without what is fixed (the runtime's own start-up, tables "
                    + "sized once); the purge comes after both loads.");
        }
        if (purged) {
            header.add("RSS bytes per key after MEMORY PURGE");
            page.paragraph("After MEMORY PURGE: Redis's allocator has returned its dirty pages; jab has run a full collection, "
                    + "after which its heap keeps at most 30% free (what an idle jab reaches by itself: a G1 cycle after 15 s "
                    + "without one).");
        }
        header.addAll(List.of("used_memory bytes per key", "RSS after"));
        page.table(header, table, 1);
        Optional<MemoryPerKeyDocument> redis = rows.stream().filter(r -> r.server().equals("redis")).findFirst();
        for (MemoryPerKeyDocument jab : rows.stream().filter(r -> r.server().equals("jab")).toList()) {
            redis.ifPresent(x -> page.paragraph(String.format(Locale.ROOT, "%s/Redis, RSS growth per key: %.2fx right after the load, "
                    + "%s%.2fx as a slope, %.2fx after MEMORY PURGE (one server of each, one load: no interval).",
                    jab.serverWords(), jab.rssPerKey() / x.rssPerKey(), Double.isFinite(jab.idleRssPerKey())
                            ? String.format(Locale.ROOT, "%.2fx after %.0f s idle, ", jab.idleRssPerKey() / x.idleRssPerKey(), jab.idleSeconds())
                            : "", jab.slopePerKey() / x.slopePerKey(), jab.purgedRssPerKey() / x.purgedRssPerKey())));
        }
        page.paragraph("Servers: " + rows.stream().map(r -> r.server() + " = " + r.serverVersion()).distinct()
                .collect(java.util.stream.Collectors.joining("; ")) + ".");
    }

    private static String perKey(double bytes) {
        return Double.isFinite(bytes) ? String.format(java.util.Locale.ROOT, "%.0f", bytes) : "n/a";
    }

    private static void syscalls(Page page, int level, List<KvSyscallsDocument> counts) {
        if (counts.isEmpty()) {
            return;
        }
        page.heading(level, "Syscalls per request (strace)");
        page.paragraph("Each server under `strace -f -c` (all its threads), one client sending n and then 2n round trips after "
                + "n warm-up ones; the difference over n is one round trip's own (`jab verify kv` counts SET as well).");
        page.bullets(counts.stream().map(c -> c.count().line()).toList());
    }

    /** One latency table per working set (param keys): a ratio compares maps over the same keys only. */
    private static void latency(Page page, List<KvResult> kv, RunResults run, String jdk) {
        KvResult.byKeys(kv.stream().filter(k -> k.kind() == KvResult.Kind.LATENCY).toList())
                .forEach((keys, group) -> latency(page, group, run, jdk, keys));
    }

    private static void latency(Page page, List<KvResult> kv, RunResults run, String jdk, String keys) {
        List<Integer> shards = KvResult.storeShards(kv, KvResult.Kind.LATENCY);
        if (shards.isEmpty()) {
            return;
        }
        page.paragraph("Latency, one thread (ns/op, lower is better, ± jab's 95% interval over the question's interleaved forks)"
                + (keys.isEmpty() ? "" : ", over " + keys + " keys") + "; the ratio is the store over ConcurrentHashMap doing the "
                + "same work, the question's answer with its 95% interval (targets: get <= 1.2x, set <= 1.5x). The C hash "
                + "table below does the same keys, values and operations from C on an open-addressing hash table "
                + "(`native/kv_baseline.c`), in a process of its own, so no ratio divides by it.");
        List<String> header = header("op", shards);
        shards.forEach(s -> header.add("ratio " + s));
        List<List<String>> rows = new ArrayList<>();
        List<List<String>> cRows = new ArrayList<>();
        for (String op : OPS) {
            Optional<BenchResult> base = KvResult.find(kv, KvResult.Kind.LATENCY, op, KvImpl.CONCURRENT_HASH_MAP);
            List<String> row = new ArrayList<>(List.of(op, base.map(ResultTable::cell).orElse("-")));
            shards.forEach(s -> row.add(KvResult.find(kv, KvResult.Kind.LATENCY, op, KvResult.store(s)).map(ResultTable::cell).orElse("-")));
            for (int s : shards) {
                Optional<BenchResult> st = KvResult.find(kv, KvResult.Kind.LATENCY, op, KvResult.store(s));
                row.add(base.isPresent() && st.isPresent()
                        ? PairAnswers.of(run, jdk, st.get(), base.get()).map(PairAnswers.Cost::words).orElse("-") : "-");
            }
            base.flatMap(b -> KvPartner.of(run, b).flatMap(name -> run.baselines().stream()
                    .filter(n -> n.benchmark().equals(name) && n.sharedParamsEqual(b)).findFirst()))
                    .ifPresent(c -> cRows.add(List.of(op, ResultTable.cell(c))));
            rows.add(row);
        }
        page.table(header, rows, 1);
        if (!cRows.isEmpty()) {
            page.table(List.of("op", "C hash table, a process of its own (ns/op)"), cRows, 1);
        }
    }

    private static void throughput(Page page, List<KvResult> kv, int cpus) {
        List<Integer> shards = KvResult.storeShards(kv, KvResult.Kind.THROUGHPUT);
        if (shards.isEmpty()) {
            return;
        }
        page.paragraph("Throughput of the 70/25/5 get/set/del mix (ops/ms, all threads, higher is better), at 1 to "
                + (cpus > 0 ? cpus + " threads (the CPUs)" : "as many threads as CPUs") + " unless more were asked for: "
                + "a row marked oversubscribed has more threads than CPUs, which then share them in time slices.");
        List<String> header = header("threads", shards);
        List<List<String>> rows = new ArrayList<>();
        for (String t : THREADS) {
            String method = "mixed_" + t;
            List<String> cells = new ArrayList<>();
            cells.add(KvResult.find(kv, KvResult.Kind.THROUGHPUT, method, KvImpl.CONCURRENT_HASH_MAP).map(ResultTable::cell).orElse("-"));
            shards.forEach(s -> cells.add(KvResult.find(kv, KvResult.Kind.THROUGHPUT, method, KvResult.store(s))
                    .map(ResultTable::cell).orElse("-")));
            if (cells.stream().allMatch("-"::equals)) {
                continue; // a thread count the run did not measure
            }
            int threads = Integer.parseInt(t.replaceAll("\\D", ""));
            List<String> row = new ArrayList<>(List.of(threads + (cpus > 0 && threads > cpus
                    ? " (oversubscribed: " + cpus + " CPUs)" : "")));
            row.addAll(cells);
            rows.add(row);
        }
        page.table(header, rows, 1);
    }

    /** The CPUs of the machine the run measured on, from env.json; 0 when it does not say. */
    static int cpus(RunResults run) {
        return run.env().map(e -> e.path("cpu").path("logicalThreads").asInt(0)).orElse(0);
    }

    /** The first column, then ConcurrentHashMap, then the store by shard count. */
    private static List<String> header(String first, List<Integer> shards) {
        List<String> header = new ArrayList<>(List.of(first, "ConcurrentHashMap"));
        shards.forEach(s -> header.add("store, " + s + (s == 1 ? " shard" : " shards")));
        return header;
    }

    private static void endToEnd(Page page, int level, List<KvEndToEndDocument> rows, double band) {
        if (rows.isEmpty()) {
            return;
        }
        page.heading(level, "End to end over TCP (RESP, loopback)");
        page.paragraph("`jab kv load` (closed loop, GET ratio 0.8, 50,000 keys, 32-byte values), in a JVM of its own, against "
                + "each server in turn, in rounds: every round starts both servers afresh and runs them in alternating order "
                + "(jab first in odd rounds, Redis first in even ones). The load generator shares the machine with the "
                + "servers. Redis runs with persistence off.");
        List<List<String>> table = new ArrayList<>();
        for (KvEndToEndDocument r : rows) {
            table.add(List.of(r.round() > 0 ? r.round() + "." + r.position() : "-", r.server(), Integer.toString(r.clients()),
                    Integer.toString(r.pipeline()), f("%.0fs", r.seconds()), f("%.0f", r.throughput()), f("%.1f", r.avgUs()),
                    f("%.1f", r.p50Us()), f("%.1f", r.p99Us()), f("%.1f", r.p999Us()), f("%.1f", r.maxUs()), Long.toString(r.errors())));
        }
        page.table(List.of("Round.order", "Server", "Clients", "Pipeline", "Duration", "Throughput (RPS)", "Avg Latency (us)",
                "p50 (us)", "p99 (us)", "p99.9 (us)", "max (us)", "Errors"), table, 2);
        page.bullets(EndToEndRounds.of(rows).stream().map(e -> e.words(band)).toList());
        page.paragraph("Servers: " + rows.stream().map(r -> r.server() + " = " + r.serverVersion()).distinct()
                .collect(Collectors.joining("; ")));
    }

    /**
     * jab's server and Redis under redis-benchmark, round by round: the throughput ratio per test with
     * its interval and Welch's t-test over the rounds (few rounds, so a rank test could never reach
     * significance), and each server's CPU time per request; then, where jab's server ran on several
     * transports, which of them serves with the least CPU ({@link TransportAnswers}).
     */
    private static void redisBenchmark(Page page, int level, RedisBenchmarkDocument doc, double band) {
        if (doc.rows() == null || doc.rows().isEmpty()) {
            return;
        }
        page.heading(level, "Side by side under redis-benchmark");
        boolean clientMeasured = ClientPace.measured(doc.rows()); // runs made before it was read keep their layout
        List<String> transports = doc.rows().stream().map(RedisBenchmarkDocument.Row::transport).filter(t -> t != null).distinct().toList();
        boolean passesKept = doc.rows().stream().anyMatch(r -> r.warmUpPasses() != null);
        String warmUp = passesKept ? "unreported warm-up passes over the whole plan, the servers taking turns (how many each took: below)"
                : "unreported warm-up before the rounds";
        page.paragraph("`" + doc.command() + "` (" + doc.tool() + "), against " + (transports.size() > 1
                ? "jab's server on each of " + String.join(", ", transports) + " (a server of its own each) and Redis in one run, "
                        + warmUp + ", then rounds in an order that turns every round, each server first in as many rounds as "
                        + "the others. The tables compare jab on its default transport, " + doc.defaultTransport() + ", with Redis"
                : "both servers in one run, " + warmUp + ", then rounds in alternating order")
                + ". Requests/s: the mean of the rounds, each round in brackets; latency "
                + "p50/p99 in ms as redis-benchmark reports them (mean of the rounds); CPU: the server" + (doc.isolation() != null ? "'s" : " process's") + " CPU time "
                + "(all threads, user + system" + (doc.isolation() != null ? "; its cgroup's when it had a quota" : "")
                + ") per request, in us, mean of the rounds"
                + (clientMeasured ? "; client CPU: the share of one CPU redis-benchmark's own thread used over "
                        + "its runs against each server (near 100%, the client set the pace)." : "."));
        if (doc.isolation() != null) {
            page.paragraph("Kept apart: " + doc.isolation() + ".");
        }
        if (passesKept) {
            page.paragraph("Warm-up: " + doc.rows().stream().filter(r -> r.warmUpPasses() != null).map(KvSection::warmUpWords).distinct()
                    .collect(Collectors.joining("; ")) + ".");
        }
        if (CapacityTable.measured(doc.rows())) {
            page.paragraph("Capacity, requests per server CPU-second: in each run the requests served over the CPU time the "
                    + "server used (all its threads, JIT and GC included), mean of the rounds; jab/Redis is the geometric mean of "
                    + "the rounds' ratios (the servers of a round run seconds apart) with its 95% interval over rounds, and its "
                    + "verdict against the run's band as the questions' are. A server under a quota is the bottleneck while "
                    + "redis-benchmark has CPU to spare, so this says which server does the work more cheaply; beside each "
                    + "figure, the most of its CPU redis-benchmark used in any round.");
        }
        // runs made before the default kept to persistence off (no isolation recorded) keep their page
        if (doc.isolation() != null && doc.rows().stream().map(RedisBenchmarkDocument.Row::persistenceOrOff).allMatch(Durability.OFF.label::equals)) {
            page.paragraph("Persistence off on both servers: the default profile's headline. The thorough profile adds "
                    + "both servers with an append-only file (appendfsync everysec and always).");
        }
        Map<String, List<RedisBenchmarkDocument.Row>> bySetting = doc.rows().stream()
                .collect(Collectors.groupingBy(RedisBenchmarkDocument.Row::persistenceOrOff, java.util.LinkedHashMap::new, Collectors.toList()));
        for (Map.Entry<String, List<RedisBenchmarkDocument.Row>> e : bySetting.entrySet()) {
            Durability d = Arrays.stream(Durability.values()).filter(x -> x.label.equals(e.getKey())).findFirst().orElse(Durability.OFF);
            if (d != Durability.OFF) {
                page.paragraph("With persistence on both servers, " + d.words + ": jab kv serve and redis-server each started with `"
                        + String.join(" ", d.redisArgs(Path.of("DIR"))).replace("--save ", "--save \"\"") + "`, DIR a fresh folder of "
                        + "the run's work directory (on --dir's file system, which env.json names), removed afterwards; "
                        + e.getValue().get(0).requests() + " requests per run without pipelining"
                        + (d == Durability.AOF_ALWAYS ? " (a quarter of the plan: every batch of writes waits for its fsync; the warm-up run takes the whole plan)" : "") + ".");
            }
            List<RedisBenchmarkDocument.Row> asUsersRunIt = e.getValue().stream().filter(r -> onDefaultTransport(doc, r)).toList();
            if (CapacityTable.measured(asUsersRunIt)) {
                CapacityTable.render(page, asUsersRunIt, band);
            }
            sideBySideTable(page, asUsersRunIt, clientMeasured, band);
        }
        TransportAnswers.render(page, doc, band);
        page.paragraph("Servers: " + doc.rows().stream().map(x -> x.server() + " = " + x.serverVersion()).distinct()
                .collect(Collectors.joining("; ")));
    }

    /** "jab, epoll (persistence always): 6 passes (the JIT took 180%, ..., 5.9% of its CPU in them)". */
    private static String warmUpWords(RedisBenchmarkDocument.Row r) {
        String setting = r.persistenceOrOff().equals(Durability.OFF.label) ? "" : " (persistence " + r.persistenceOrOff() + ")";
        return r.serverWords() + setting + ": " + r.warmUpPasses() + (r.warmUpPasses() == 1 ? " pass" : " passes")
                + (r.warmUpJitShare() == null ? "" : " (" + RedisBenchmarkDocument.jitWords(r.warmUpJitShare()) + ")");
    }

    /**
     * Whether a row is Redis's or jab's as users run it: on the transport it takes without one given (all
     * of jab's rows in a run made before transports were compared).
     */
    private static boolean onDefaultTransport(RedisBenchmarkDocument doc, RedisBenchmarkDocument.Row r) {
        return !"jab".equals(r.server()) || r.transport() == null || doc.defaultTransport() == null
                || r.transport().equals(doc.defaultTransport());
    }

    /** One persistence setting: per test and pipeline, both servers' rounds, the ratio and its verdict. */
    private static void sideBySideTable(Page page, List<RedisBenchmarkDocument.Row> rows, boolean clientMeasured, double band) {
        List<List<String>> table = new ArrayList<>();
        List<String> verdicts = new ArrayList<>();
        for (RedisBenchmarkDocument.Row j : rows) {
            if (!"jab".equals(j.server())) {
                continue;
            }
            Optional<RedisBenchmarkDocument.Row> r = rows.stream().filter(x -> "redis".equals(x.server())
                    && x.test().equals(j.test()) && x.pipeline() == j.pipeline()).findFirst();
            Optional<CapacityRatio> ratio = r.map(x -> CapacityRatio.of(j.rps(), x.rps(), band));
            List<String> row = new ArrayList<>(List.of(j.test(), Integer.toString(j.pipeline()), rounds(j),
                    r.map(KvSection::rounds).orElse("-"), ratio.map(CapacityRatio::ratioWords).orElse("-"),
                    latencies(j), r.map(KvSection::latencies).orElse("-"), cpu(j), r.map(KvSection::cpu).orElse("-")));
            if (clientMeasured) {
                row.add(ClientPace.column(j) + " / " + r.map(ClientPace::column).orElse("-"));
            }
            table.add(row);
            r.ifPresent(x -> {
                CapacityRatio t = ratio.get();
                double cpuRatio = mean(j.serverCpuUsPerRequest()) / mean(x.serverCpuUsPerRequest());
                // the measure named: beside the capacity table's ratio per CPU-second, this one is per second
                verdicts.add(String.format(Locale.ROOT, "%s, pipeline %d: jab serves %s Redis's requests per second, %s%s%s", j.test(), j.pipeline(),
                        t.ratioWords(), t.verdictWords(), Double.isFinite(cpuRatio)
                                ? String.format(Locale.ROOT, "; jab's CPU per request %.2fx Redis's", cpuRatio) : "",
                        ClientPace.words(j, x).map(w -> "; " + w).orElse("")));
            });
        }
        List<String> header = new ArrayList<>(List.of("Test", "Pipeline", "jab (requests/s)", "Redis (requests/s)", "jab/Redis (95% CI over rounds)",
                "jab p50/p99 (ms)", "Redis p50/p99 (ms)", "jab CPU (us/req)", "Redis CPU (us/req)"));
        if (clientMeasured) {
            header.add("client CPU (jab / Redis runs)");
        }
        page.table(header, table, 1);
        if (!verdicts.isEmpty()) {
            page.bullets(verdicts);
        }
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
