package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.bench.kv.KvImpl;
import jab.bench.kv.KvWorkload;
import jab.bench.support.BenchDirs;
import jab.harness.UsageException;
import jab.harness.baseline.NativeBuild;
import jab.harness.page.ConsoleText;
import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Measurement;
import jab.harness.family.Profile;
import jab.harness.family.Question;
import jab.harness.family.RunContext;
import jab.harness.family.Subcommand;
import jab.harness.page.Page;
import jab.harness.results.NativeResult;
import jab.harness.results.RunResults;
import jab.harness.trace.SyscallCount;
import jab.harness.trace.TraceCache;
import jab.kv.server.Transport;

/**
 * The kv family: JMH throughput and latency of jab's sharded store against a plain ConcurrentHashMap,
 * then end to end over TCP: jab's RESP server and (when installed) Redis under the same load.
 */
public final class KvFamily implements Family {
    private final KvRunOptions options = new KvRunOptions();

    @Override
    public String name() {
        return "kv";
    }

    @Override
    public String description() {
        return "sharded key-value store: get/set/del throughput at 1 to CPUs threads (up to 8 when named) and latency by shard count vs "
                + "ConcurrentHashMap; end to end over RESP, jab's server beside redis-server";
    }

    /**
     * The store against ConcurrentHashMap, per operation: get, set and the 70/25/5 mix on one thread
     * (time per operation), and the mix's throughput on one thread and on two (two threads cannot be
     * interleaved: a fork drives one benchmark thread, so that one runs in replicates of forks). The
     * one-thread questions hold {@code keys} fixed: over keys that fit a core's L2 cache the ratio is
     * steady; over keys in the host's shared L3 it moves with the other tenants, by a different factor
     * for each map, so interleaving narrows it but cannot decide it (see KvLatencyBenchmark).
     */
    @Override
    public List<Question> questions(List<BenchmarkListEntry> benchmarks) {
        String latency = benchmarkPackage() + "KvLatencyBenchmark.";
        String throughput = benchmarkPackage() + "KvThroughputBenchmark.";
        List<Question> out = new ArrayList<>();
        for (String op : List.of("get", "set", "mixed")) {
            out.add(Question.overParam("the store against ConcurrentHashMap: " + op + ", time per operation", "impl",
                    "CONCURRENT_HASH_MAP", latency + op));
        }
        out.add(Question.overParam("the store against ConcurrentHashMap: the mix's throughput on one thread", "impl",
                "CONCURRENT_HASH_MAP", throughput + "mixed_1Thread"));
        out.add(Question.overParam("the store against ConcurrentHashMap: the mix's throughput on two threads", "impl",
                "CONCURRENT_HASH_MAP", throughput + "mixed_2Threads"));
        return out;
    }

    @Override
    public JmhSettings settings(Profile profile) {
        JmhSettings s = switch (profile) {
            case SMOKE -> JmhSettings.of(1, 1, "100ms", 2, "100ms").withParams(IN_CACHE);
            case THOROUGH -> JmhSettings.of(3, 3, "1s", 5, "1s");
            // 2 s of warm-up: C2 compiles the store's paths while the benchmark threads hold both CPUs.
            // Measured with 25 warm-up iterations of 200 ms: mixed_2Threads on STORE_16 ramps from 5-8k
            // to 37-39k ops/ms at the 6th to 8th iteration (3 x 200 ms left it mid-ramp: "warm-up not
            // reached", forks 2-5x apart); the latency benchmarks settle by the 4th.
            // get and set, time per operation: the mixes (three interleaved forks of 13-16 s and the
            // solo forks of each, about a minute a question) are thorough's.
            // the store as the server runs it (16 shards) against the map: one thread has no contention for more
            // shards to relieve, so 1 and 8 shards answer no question of one thread's latency (thorough has them)
            case DEFAULT -> JmhSettings.of(3, 10, "200ms", 5, "200ms")
                    .withParams(Map.of("keys", IN_CACHE.get("keys"), "impl", new String[] {KvImpl.CONCURRENT_HASH_MAP, KvResult.store(16)}))
                    .only(v -> v.method().equals("get") || v.method().equals("set"));
        };
        // More threads than CPUs measure the scheduler's time slices (and still ramp at the 5th
        // iteration), not the store: no profile runs them unless the user names them (a regex such as
        // mixed_8Threads, or -p), and the summary labels such rows oversubscribed.
        return s.only(v -> v.threads() <= cpus() && s.subset().test(v));
    }

    /**
     * The latency benchmarks' working set in the shorter profiles: the keys a core's own cache holds, the
     * question a shared VM can decide. Thorough adds the 16,384 keys that live in the shared L3.
     */
    private static final Map<String, String[]> IN_CACHE = Map.of("keys", new String[] {"1024"});

    /** The CPUs the JMH forks share: those this JVM may use, as JMH's forks see the same machine. */
    static int cpus() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * The end-to-end load shapes: short for smoke, the seed's 32 and 64 clients for thorough. Every
     * round starts a fresh server, so the warm-up must carry a new JVM to its steady state: measured
     * with kv/scripts/load-vs-redis.py (32 clients, 4 rounds, jab kv serve as users start it), 1.5 s of
     * warm-up left jab at 0.60x Redis's throughput with 2.96x its p99.9, 5 s at 0.91x and 1.13x.
     */
    static List<KvEndToEnd.Shape> shapes(Profile profile) {
        return switch (profile) {
            case SMOKE -> List.of(new KvEndToEnd.Shape(16, 1, 1000, 2000));
            case THOROUGH -> List.of(new KvEndToEnd.Shape(64, 1, 5000, 20_000), new KvEndToEnd.Shape(32, 1, 5000, 20_000),
                    new KvEndToEnd.Shape(50, 16, 5000, 20_000));
            // none: two shapes x 4 rounds x 2 servers of 9 s each took about 3 minutes, more than the
            // family's budget; the default's end to end is redis-benchmark's side by side (its headline)
            case DEFAULT -> List.of();
        };
    }

    /**
     * End-to-end rounds per shape, each server once per round in alternating order: an even number, so
     * each server runs first equally often; two at least, the fewest that give an interval over rounds.
     */
    static int rounds(Profile profile) {
        return switch (profile) {
            case SMOKE -> 2;
            case DEFAULT -> 4;
            case THOROUGH -> 6;
        };
    }

    /**
     * redis-benchmark rounds and requests per run (GET and SET each), without and with -P 16. Default:
     * four rounds (as many as the servers of a run of kv alone, jab's on three transports and Redis, and
     * twice two: each server runs first equally often, {@link ServerOrder}) of runs of about 2 s each
     * with each server capped ({@link ServerIsolation}); runs of 3-4 s made the side by side 156 s of a
     * default run. Thorough: six, each of two servers first three times; of four, two run first twice
     * and two once (eight would balance them, at a third more of thorough's longest part).
     */
    static SideBySide.Plan redisBenchmarkPlan(Profile profile) {
        return switch (profile) {
            case SMOKE -> new SideBySide.Plan(1, 20_000, 200_000);
            case THOROUGH -> new SideBySide.Plan(6, 1_000_000, 10_000_000);
            case DEFAULT -> new SideBySide.Plan(4, 50_000, 500_000);
        };
    }

    /**
     * Each -p impl value names an implementation the benchmarks can build, and each -p keys value is a
     * positive count: refused before any work otherwise.
     */
    @Override
    public void validate(RunContext ctx) {
        for (String v : ctx.param("impl")) {
            try {
                KvImpl.parse(v);
            } catch (IllegalArgumentException e) {
                throw new UsageException("-p " + e.getMessage());
            }
        }
        for (String v : ctx.param("keys")) {
            if (!v.matches("[1-9][0-9]{0,8}")) {
                throw new UsageException("-p keys=" + v + ": the number of distinct keys, a positive whole number such as 1024 or 16384");
            }
        }
    }

    @Override
    public Object runOptions() {
        return options;
    }

    @Override
    public void checkRunOptions() {
        options.check();
    }

    /** The floor of the latency benchmarks: the same one-thread work on a C hash table. */
    @Override
    public Measurement measureBeforeJmh(RunContext ctx) throws Exception {
        List<String> notes = new ArrayList<>();
        // the floor of the operations this run measures only: the default profile's latency is get and set
        List<String> ops = Arrays.stream(KvNativeBaseline.OPS).filter(op -> ctx.measures(new JmhSettings.Variant(op, 1, Map.of()))).toList();
        List<NativeResult> floor = KvNativeBaseline.measure(new NativeBuild(), settings(ctx.profile()), ops, keyCounts(ctx), ctx.workDir(), notes);
        return Measurement.builder().baselines(floor).notes(notes).build();
    }

    /** The key counts the latency benchmarks run with, so the C floor replays each of them. */
    private static List<Integer> keyCounts(RunContext ctx) {
        String[] keys = ctx.param("keys");
        return keys.length == 0 ? List.of(KvWorkload.KEYS) : Arrays.stream(keys).map(Integer::valueOf).distinct().toList();
    }

    /**
     * The store's JMH figures first, then the servers end to end, as the family's story goes. A run of
     * some of the store's benchmarks (a regex such as KvLatencyBenchmark.get) asks about those: the
     * servers, minutes of the family's budget, are left to a run of the family.
     */
    @Override
    public Measurement measureAfterJmh(RunContext ctx) throws Exception {
        Measurement.Builder m = Measurement.builder();
        if (!ctx.wholeFamily()) {
            return m.note("kv: the servers end to end (redis-benchmark side by side, bytes per key, syscalls per request) "
                    + "were not run, as the selection names some of kv's benchmarks only; `jab run kv` runs them").build();
        }
        if (!comparesTransports(ctx)) {
            m.note(oneTransport());
        }
        Optional<Path> redis = KvEndToEnd.findRedis(options.redis);
        if (redis.isEmpty()) {
            m.note("redis-server not found (--redis, PATH or JAB_REDIS_SERVER): end to end measures jab's server only");
        }
        List<KvEndToEnd.Shape> shapes = shapes(ctx.profile());
        if (shapes.isEmpty()) {
            m.note("kv: the load of jab kv load (32 clients, pipeline 1 and 16, both servers) is measured by --profile thorough; "
                    + "this profile's end to end is redis-benchmark side by side");
        } else {
            List<KvEndToEnd.Row> rows = KvEndToEnd.run(shapes, rounds(ctx.profile()), redis, ctx.workDir(), ctx.log());
            m.document(KvEndToEndDocument.NAME, KvEndToEnd.details(rows)).timings(KvEndToEnd.nativeResults(rows));
        }
        Optional<RedisBenchmark> tool = RedisBenchmark.find(redis);
        if (redis.isPresent() && tool.isEmpty()) {
            m.note("redis-benchmark not found (beside redis-server or on the PATH): no side-by-side run with it");
        }
        if (redis.isPresent() && tool.isPresent()) {
            List<Transport> transports = transports(ctx);
            if (comparesTransports(ctx)) {
                m.notes(ServerTransports.leftOut());
            }
            List<SideBySide.Row> side = new ArrayList<>();
            List<String> isolation = new ArrayList<>();
            for (Durability d : Durability.of(ctx.profile())) {
                // the transports with persistence off only: what moving bytes costs, not what a disk adds to it
                side.addAll(sideBySide(ctx, tool.get(), redis.get(), d, d == Durability.OFF ? transports : List.of(Transport.auto()),
                        isolation, m));
            }
            String byDefault = Transport.auto().label();
            m.document(RedisBenchmarkDocument.NAME, SideBySide.details(side, tool.get().version, redis.get(), isolation.get(0), byDefault))
                    .timings(SideBySide.nativeResults(side, tool.get().version, byDefault));
        }
        memory(ctx, redis, m);
        syscalls(ctx, redis, m);
        return m.build();
    }

    /**
     * jab's transports the side by side runs with persistence off. Every one this machine has, where the
     * run can afford them: a run of kv alone, which has its budget to itself, or thorough. A run of every
     * family keeps its side by side as long as before the transports were compared: jab's server on its
     * default transport and Redis (four servers take twice as long as two).
     */
    static List<Transport> transports(RunContext ctx) {
        return comparesTransports(ctx) ? ServerTransports.available() : List.of(Transport.auto());
    }

    private static boolean comparesTransports(RunContext ctx) {
        return ctx.alone() || ctx.profile() == Profile.THOROUGH;
    }

    /** Whether the run measures bytes per key: where it compares the transports, as {@link #memory} says why. */
    static boolean measuresMemory(RunContext ctx) {
        return comparesTransports(ctx);
    }

    /** What a run beside other families leaves out, and where it is measured. */
    private static String oneTransport() {
        return "kv: jab's server ran on its default transport only (" + Transport.auto().label() + ") and bytes per key were not "
                + "measured, to keep this run within its share of the budget; which transport serves with the least CPU, and what "
                + "a key costs in memory against Redis, are answered by a run of kv alone (`jab run kv`) or --profile thorough";
    }

    /**
     * The servers under redis-benchmark, all persisting as {@code d} says: jab's on each of
     * {@code transports} and Redis, each into a fresh folder of the run's work directory (so on --dir's
     * file system), removed when they have stopped; each server on a CPU of its own under a quota,
     * redis-benchmark on another ({@link ServerIsolation}), whose words are added to {@code isolation}.
     * A transport other than the default that Netty offers but that does not start is left out, said in
     * a note: the others still answer.
     */
    private static List<SideBySide.Row> sideBySide(RunContext ctx, RedisBenchmark tool, Path redis, Durability d, List<Transport> transports,
                                                   List<String> isolation, Measurement.Builder m) throws Exception {
        List<Path> dirs = new ArrayList<>();
        List<ServerProcess> servers = new ArrayList<>();
        try (ServerIsolation apart = ServerIsolation.find()) {
            try {
                for (Transport t : transports) {
                    Path dir = Files.createDirectories(ctx.workDir().resolve("kv-" + d.label + "-jab-" + t.label()));
                    dirs.add(dir);
                    try {
                        servers.add(KvEndToEnd.startJab(apart.server(ServerProcess.id("jab", t.label())), d.jabArgs(dir), t));
                    } catch (IOException e) {
                        if (t == Transport.auto()) {
                            throw e;
                        }
                        m.note("kv: jab kv serve on " + t.label() + " did not start, so the side by side left it out: " + e.getMessage());
                    }
                }
                Path redisDir = Files.createDirectories(ctx.workDir().resolve("kv-" + d.label + "-redis"));
                dirs.add(redisDir);
                servers.add(ServerProcess.redis(apart.server("redis"), redis, d.redisArgs(redisDir)));
                isolation.add(apart.words());
                ctx.log().print(ConsoleText.wrap("kv side by side: ", apart.words()));
                return SideBySide.run(tool.runBy(apart.client()), servers, apart, d, redisBenchmarkPlan(ctx.profile()), ctx.log());
            } finally {
                servers.forEach(ServerProcess::close); // every server stops before the cgroups are removed
            }
        } finally {
            dirs.forEach(BenchDirs::deleteTree);
        }
    }

    /**
     * Bytes per key ({@link MemoryPerKey}): fresh servers, jab's on each transport the run compares (its
     * default last) and Redis, the same keys loaded into each, all up at once so one idle wait serves all.
     * Only where the transports are compared ({@link #oneTransport}): a figure to size a machine by needs
     * its servers settled and then idle, time a run beside the other families gives to their answers.
     */
    private static void memory(RunContext ctx, Optional<Path> redis, Measurement.Builder m) throws Exception {
        if (!measuresMemory(ctx)) {
            return;
        }
        int keys = MemoryPerKey.keys(ctx.profile());
        List<ServerProcess> servers = new ArrayList<>();
        try {
            for (Transport t : transports(ctx)) {
                servers.add(KvEndToEnd.startJab(List.of(), List.of(), t));
            }
            if (redis.isPresent()) {
                servers.add(ServerProcess.redis(redis.get()));
            }
            ctx.log().print(ConsoleText.wrap("kv memory: ", String.format(java.util.Locale.ROOT, "%,d keys into each of %s, "
                    + "then %d s idle, then as many again", keys, servers.stream().map(ServerProcess::id).toList(),
                    MemoryPerKey.IDLE_MILLIS / 1000)));
            m.document(MemoryPerKeyDocument.NAME, MemoryPerKey.measure(servers, keys, MemoryPerKey.IDLE_MILLIS, Transport.auto().label()));
        } finally {
            servers.forEach(ServerProcess::close);
        }
    }

    /**
     * What {@code jab verify kv} proves, recorded with the run when strace is installed: each server's
     * syscalls per GET, one at a time and pipelined, so the figures above stand beside their OS cost.
     * Counts are facts of the servers' builds, jab's, the kernel and the C library, kept in the trace
     * cache like the other families' surveys: a second run takes them from there (and says so).
     */
    private void syscalls(RunContext ctx, Optional<Path> redis, Measurement.Builder m) throws Exception {
        Optional<Path> strace = SyscallCount.strace();
        if (strace.isEmpty()) {
            m.note("kv syscalls per request not recorded: " + SyscallCount.NO_STRACE);
            return;
        }
        long roundTrips = ctx.profile() == Profile.SMOKE ? 1000 : 5000;
        TraceCache cache = TraceCache.open(name(), ctx.workDir(), ctx.log());
        List<KvSyscallsDocument> counts = new ArrayList<>();
        for (ServerSyscalls.Request request : ServerSyscalls.requests()) {
            if (!request.command().equals("GET")) {
                continue; // GET only, to keep the run short: jab verify kv counts SET too
            }
            for (ServerSyscalls.Server s : ServerSyscalls.servers(redis, transports(ctx))) {
                try {
                    counts.add(cache.get(KvSyscallsDocument.class, List.of("syscalls", s.name(), s.build(), request.words(),
                            Long.toString(roundTrips)), () -> {
                                ctx.log().printf("kv syscalls: %s, %s under strace%n", s.name(), request.words());
                                return KvSyscallsDocument.of(ServerSyscalls.count(strace.get(), s.name(), s.starter(), request,
                                        roundTrips, roundTrips, ctx.workDir().resolve("kv-strace")));
                            }));
                } catch (IOException e) {
                    m.note("kv syscalls of " + s.name() + ", " + request.words() + " not counted: " + e.getMessage());
                }
            }
        }
        m.document(KvSyscallsDocument.NAME, counts);
        m.notes(cache.notes());
    }

    @Override
    public void section(RunResults run, Page page, int level) {
        KvSection.render(run, page, level);
    }

    /** Which transport of jab's server serves with the least CPU, when the run compared them ({@link TransportAnswers}). */
    @Override
    public List<String> answers(RunResults run) {
        return run.document(RedisBenchmarkDocument.NAME, RedisBenchmarkDocument.class)
                .map(d -> TransportAnswers.lines(d, CapacityRatio.band(run))).orElse(List.of());
    }

    @Override
    public List<Subcommand> subcommands() {
        return List.of(Subcommand.topLevel(new KvCommand()),
                Subcommand.verify(new KvVerifyCommand()));
    }
}
