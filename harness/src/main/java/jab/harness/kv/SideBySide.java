package jab.harness.kv;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import jab.harness.page.ConsoleText;
import jab.harness.results.NativeResult;

/**
 * jab's server and Redis under redis-benchmark, side by side in one run: every server up at once (jab's
 * on each transport asked for, each a server of its own, and Redis), unreported warm-up passes each
 * until its CPU per request settles (the JIT compiles jab's request path; Redis fills its allocator),
 * then rounds in which each server gets the same runs, in an order that turns every round
 * ({@link ServerOrder}) so none always goes first on a machine whose speed drifts.
 *
 * <p>The servers and the load tool are kept apart ({@link ServerIsolation}): each server on one CPU
 * under a CPU quota of its own, redis-benchmark on another CPU. The server is then what limits the
 * rate, and around each run its CPU time is read (its cgroup's: every thread, JIT and GC included):
 * requests per server CPU-second say which server does the work more cheaply. redis-benchmark's own
 * CPU share is read beside it, so each figure says whether the client had CPU to spare.
 */
final class SideBySide {
    /** Rounds, and requests per run without and with pipelining (the pipelined runs go ~15x faster). */
    record Plan(int rounds, long requests, long pipelinedRequests) {
    }

    /**
     * One run of one test: what redis-benchmark saw, and the server's CPU time per request in us, all of
     * it and its user and system parts (NaN where unknown); the CPU time the server's JIT compiler threads
     * used in the run, in ms (NaN: a server without a JIT).
     */
    record Round(RedisBenchmark.Test test, double serverCpuUs, double userCpuUs, double systemCpuUs, double jitMillis) {
        /** Requests per second of the server's CPU time: the capacity of one CPU for this test; NaN if unknown. */
        double requestsPerCpuSecond() {
            return serverCpuUs > 0 ? 1e6 / serverCpuUs : Double.NaN;
        }
    }

    /**
     * Every round's figures for one server (jab's on one transport), test (GET or SET), pipeline depth and
     * persistence; the server's CPU quota (in CPUs; null: it ran without one); the server's warm-up passes
     * before the rounds.
     */
    record Row(String server, String transport, String serverVersion, Durability durability, String test, int pipeline, long requests,
               Double quota, List<Pass> warmUp, List<Round> rounds) {
        double[] rps() {
            return each(RedisBenchmark.Test::rps);
        }

        double[] serverCpuUs() {
            return rounds.stream().mapToDouble(Round::serverCpuUs).toArray();
        }

        double[] userCpuUs() {
            return rounds.stream().mapToDouble(Round::userCpuUs).toArray();
        }

        double[] systemCpuUs() {
            return rounds.stream().mapToDouble(Round::systemCpuUs).toArray();
        }

        double[] requestsPerCpuSecond() {
            return rounds.stream().mapToDouble(Round::requestsPerCpuSecond).toArray();
        }

        /** The JIT compiler threads' CPU time in each round, ms; null for a server without a JIT reading. */
        double[] jitMillis() {
            return jitRead(rounds.stream().mapToDouble(Round::jitMillis).toArray());
        }

        /** One figure of redis-benchmark's per round. */
        double[] each(java.util.function.ToDoubleFunction<RedisBenchmark.Test> figure) {
            return rounds.stream().mapToDouble(r -> figure.applyAsDouble(r.test())).toArray();
        }
    }

    static final int[] PIPELINES = {1, 16};
    private static final long TIMEOUT_SECONDS = 300;

    private SideBySide() {
    }

    /**
     * The plan's runs against the servers, started under {@code isolation}; redis-benchmark started by
     * {@code tool} as given. The rows come in the servers' order, whatever order the rounds ran them in.
     */
    static List<Row> run(RedisBenchmark tool, List<ServerProcess> servers, ServerIsolation isolation, Durability durability,
                         Plan plan, PrintStream log) throws Exception {
        Map<ServerProcess, ServerJit> jits = new LinkedHashMap<>();
        try {
            for (ServerProcess s : servers) {
                jits.put(s, ServerJit.of(s));
            }
            return measure(tool, servers, jits, isolation, durability, plan, log);
        } finally {
            for (ServerJit j : jits.values()) {
                j.close();
            }
        }
    }

    private static List<Row> measure(RedisBenchmark tool, List<ServerProcess> servers, Map<ServerProcess, ServerJit> jits,
                                     ServerIsolation isolation, Durability durability, Plan plan, PrintStream log) throws Exception {
        Map<String, Row> rows = new LinkedHashMap<>();
        Map<ServerProcess, List<Pass>> passes = warmUp(tool, servers, jits, isolation, plan);
        passes.forEach((s, list) -> log.print(ConsoleText.wrap("kv side by side: ", String.format(Locale.ROOT,
                "%s warmed up in %d pass%s of the plan, the servers taking turns%s", s.id(), list.size(), list.size() == 1 ? "" : "es",
                Pass.jitWords(list)))));
        for (int round = 0; round < plan.rounds(); round++) {
            List<ServerProcess> order = ServerOrder.of(servers, round);
            log.print(ConsoleText.wrap("kv side by side: ", String.format(Locale.ROOT, "redis-benchmark round %d of %d, %s, %s",
                    round + 1, plan.rounds(), order.stream().map(ServerProcess::id).collect(Collectors.joining(", ")), durability.words)));
            for (int pipeline : PIPELINES) {
                for (ServerProcess s : order) {
                    for (String test : RedisBenchmark.TESTS) {
                        long requests = durability.requests(requests(plan, pipeline));
                        double jitBefore = jits.get(s).millis();
                        ServerIsolation.CpuTime before = isolation.cpuTime(s);
                        RedisBenchmark.Test t = tool.run(s.port, test, pipeline, requests, TIMEOUT_SECONDS);
                        double[] cpuUs = isolation.cpuTime(s).perRequest(before, requests);
                        double jitMillis = jits.get(s).millis() - jitBefore;
                        rows.computeIfAbsent(s.id() + "/" + t.name() + "/" + pipeline, k -> new Row(s.name, s.transport, s.version,
                                durability, t.name(), pipeline, requests, isolation.quota(s), passes.get(s), new ArrayList<>()))
                                .rounds().add(new Round(t, cpuUs[0], cpuUs[1], cpuUs[2], jitMillis));
                    }
                    if (!s.alive()) {
                        throw new IllegalStateException(s.id() + " server died under redis-benchmark");
                    }
                }
            }
        }
        List<String> ids = servers.stream().map(ServerProcess::id).toList();
        // a stable sort: each server's rows keep the order they ran in (pipeline, then test)
        return rows.values().stream().sorted(Comparator.comparingInt(r -> ids.indexOf(ServerProcess.id(r.server(), r.transport()))))
                .collect(Collectors.toCollection(ArrayList::new));
    }

    /**
     * Warm-up passes over the whole plan (every test at every depth, whatever the durability), the servers
     * taking turns pass by pass (in {@link ServerOrder}'s order), each until its requests per CPU-second
     * at pipeline 1 in a pass is no more than {@link #SETTLED} above its pass before and its JIT's
     * compiler threads used at most {@link #JIT_QUIET} of its CPU in the pass, at most
     * {@link #MAX_WARM_UP_PASSES}; the passes each server ran.
     *
     * <p>One pass was the warm-up until 2026-11-29: in that day's default runs jab's first round still
     * served 136-161k GET and SET requests per CPU-second at pipeline 1 against 185-206k in the rounds
     * after it (the JIT's compiler threads run in the server's cgroup and bill their work to it), which
     * dragged jab/Redis's mean down and widened its interval. Pipeline 1 alone is judged, though every
     * pass runs both depths, and only an improvement counts: asking two passes to agree within 3% both
     * ways, jab on epoll took all four passes in every run of that day, and its rounds after the warm-up
     * differed by up to 13% among themselves: a band narrower than the noise is left by chance, not by
     * the JIT settling. A server without a CPU reading gets the one pass.
     *
     * <p>Turns, because the rounds have them: in a round each server waits, its event loop idle, while
     * the others run. Warmed up one after the other, jab's server first sat idle through all of Redis's
     * passes and then met the rounds' pattern of load and idleness for the first time in a measured run:
     * of 256 jab figures in 16 repeated side by sides (2026-11-29), 7 came out below 0.7x the median of
     * their test and depth, and 4 slow ones ran while C2 recompiled Netty's event loop
     * ({@code EpollIoHandler::run}) after a deoptimisation, the JIT's work billed to the measured run.
     * Taking turns, the warm-up meets that pattern first; 16 repetitions with turns (2026-11-30) had 4
     * such figures, no fewer than chance allows, and C2 still recompiled the event loop inside a measured
     * round: what ends a warm-up is now the JIT's own CPU time too ({@link #JIT_QUIET}). Turns are kept:
     * they cost nothing.
     */
    private static Map<ServerProcess, List<Pass>> warmUp(RedisBenchmark tool, List<ServerProcess> servers, Map<ServerProcess, ServerJit> jits,
                                                         ServerIsolation isolation, Plan plan) throws Exception {
        Map<ServerProcess, List<Pass>> passes = new LinkedHashMap<>();
        servers.forEach(s -> passes.put(s, new ArrayList<>())); // the servers' order, whatever order their passes run in
        List<ServerProcess> warming = new ArrayList<>(servers);
        for (int pass = 1; !warming.isEmpty(); pass++) {
            for (ServerProcess s : ServerOrder.of(List.copyOf(warming), pass - 1)) {
                List<Pass> done = passes.get(s);
                Pass last = done.isEmpty() ? null : done.get(done.size() - 1);
                Pass now = warmUpPass(tool, s, jits.get(s), isolation, plan);
                done.add(now);
                if (pass == MAX_WARM_UP_PASSES || now.settledAfter(last)) {
                    warming.remove(s);
                }
            }
        }
        return passes;
    }

    /**
     * One warm-up pass: the server's requests per CPU-second at pipeline 1 (NaN without a CPU reading),
     * and the share of its CPU time over the whole pass that its JIT's compiler threads used (NaN: no
     * JIT reading).
     */
    record Pass(double rate, double jitShare) {
        /**
         * Whether the server has settled, this pass following {@code before} (null: the first pass):
         * warming up only makes a server faster, so a pass no faster than the one before by
         * {@link #SETTLED} is settled (one slower is the machine's noise: rounds differ by up to 13% on
         * this VM), unless the JIT still took more than {@link #JIT_QUIET} of the pass's CPU.
         */
        boolean settledAfter(Pass before) {
            if (!Double.isFinite(rate)) {
                return true;
            }
            return before != null && rate <= before.rate * (1 + SETTLED) && !(jitShare > JIT_QUIET);
        }

        /** " (the JIT took 12%, 4%, 1% of its CPU in them)", or nothing without a JIT reading. */
        static String jitWords(List<Pass> passes) {
            double[] shares = jitShares(passes);
            return shares == null ? "" : " (" + RedisBenchmarkDocument.jitWords(shares) + ")";
        }

        /** Each pass's JIT share; null without a JIT reading (Redis). */
        static double[] jitShares(List<Pass> passes) {
            return jitRead(passes.stream().mapToDouble(Pass::jitShare).toArray());
        }
    }

    private static Pass warmUpPass(RedisBenchmark tool, ServerProcess s, ServerJit jit, ServerIsolation isolation, Plan plan)
            throws Exception {
        double rate = Double.NaN;
        double jitBefore = jit.millis();
        ServerIsolation.CpuTime start = isolation.cpuTime(s);
        for (int pipeline : PIPELINES) {
            long perTest = requests(plan, pipeline);
            ServerIsolation.CpuTime before = pipeline == 1 ? isolation.cpuTime(s) : null; // the judged depth only
            for (String test : RedisBenchmark.TESTS) {
                tool.run(s.port, test, pipeline, perTest, TIMEOUT_SECONDS);
            }
            if (before != null) {
                rate = 1e6 / isolation.cpuTime(s).perRequest(before, perTest * RedisBenchmark.TESTS.size())[0];
            }
        }
        double cpuMillis = isolation.cpuTime(s).perRequest(start, 1)[0] / 1e3;
        return new Pass(rate, (jit.millis() - jitBefore) / cpuMillis);
    }

    /**
     * The most of a warm-up pass's CPU time the JIT's compiler threads may use for the server to count as
     * settled. jab's server on epoll, alone for 45 passes of the default plan (2026-11-30, this VM, under
     * the side by side's quota): its compiler threads used 45%, 37%, 18%, 4.7% of its CPU in the first four
     * passes, 1.4-2.4% in most of the passes after; but in passes 13, 19-22, 29 and 33 (37 to 94 s into its
     * life) 8-27% again, deoptimised code recompiled, and the rate fell to 112-149k requests per CPU-second
     * against 180-193k. No warm-up a default run can afford outlasts those: this one ends the first
     * compiling, and {@link JitInRounds} names the measured rounds a later one lands in. 3%, just above
     * the 1.4-2.4% of the quiet passes: at 2%, all of 12 side by sides ran the most passes.
     */
    static final double JIT_QUIET = 0.03;
    /** How much faster than the pass before a warm-up pass must be for the server to count as still warming. */
    static final double SETTLED = 0.03;
    /**
     * At most this many warm-up passes: a server still moving after them is measured as it is. Four until
     * the JIT was read: jab's compiler threads still used 4.7% of its CPU in the fourth pass.
     */
    static final int MAX_WARM_UP_PASSES = 6;

    /** JIT figures as the document keeps them: null where none was read (Redis: every one NaN). */
    private static double[] jitRead(double[] figures) {
        return Arrays.stream(figures).anyMatch(Double::isFinite) ? figures : null;
    }

    static long requests(Plan plan, int pipeline) {
        return pipeline > 1 ? plan.pipelinedRequests() : plan.requests();
    }

    /**
     * Requests/s per round and the server's CPU time per request, in JMH's JSON shape (timings.json):
     * {@code e2e.kv.<server>.redisBenchmark.<test>} and {@code ...<test>.serverCpu}; jab's server on a
     * transport other than its default has the param {@code transport}. {@code tool}: redis-benchmark's version.
     */
    static List<NativeResult> nativeResults(List<Row> rows, String tool, String defaultTransport) {
        List<NativeResult> out = new ArrayList<>();
        for (Row r : rows) {
            Map<String, String> params = KvEndToEnd.server(r.server());
            if (r.transport() != null && !r.transport().equals(defaultTransport)) {
                params.put("transport", r.transport()); // the default's keep the names of runs made before transports were compared
            }
            params.put("clients", Integer.toString(RedisBenchmark.CLIENTS));
            params.put("pipeline", Integer.toString(r.pipeline()));
            params.put("requests", Long.toString(r.requests()));
            if (r.durability() != Durability.OFF) { // off stays as runs before persistence was compared named it
                params.put("persistence", r.durability().label);
            }
            if (r.quota() != null) {
                params.put("serverCpuQuota", Double.toString(r.quota()));
            }
            String name = "e2e.kv." + r.server() + ".redisBenchmark." + r.test().toLowerCase(java.util.Locale.ROOT);
            String source = tool + " against " + r.serverVersion();
            out.add(new NativeResult(name, "thrpt", "ops/s", params, NativeResult.oneFork(r.rps()), source));
            if (Arrays.stream(r.serverCpuUs()).allMatch(Double::isFinite)) {
                out.add(new NativeResult(name + ".serverCpu", "avgt", "us/op", params, NativeResult.oneFork(r.serverCpuUs()),
                        "the server's CPU time (all threads, user + system) per request, " + source));
            }
        }
        return out;
    }

    /** What the section shows: per row, every round's requests/s, latencies and CPU; jab's rows name their transport. */
    static RedisBenchmarkDocument details(List<Row> rows, String tool, Path redisServer, String isolation, String defaultTransport) {
        List<RedisBenchmarkDocument.Row> list = new ArrayList<>();
        for (Row r : rows) {
            list.add(new RedisBenchmarkDocument.Row(r.server(), r.transport(), r.serverVersion(), r.test(), r.pipeline(),
                    RedisBenchmark.CLIENTS, r.requests(), r.rps(), r.each(RedisBenchmark.Test::p50Ms), r.each(RedisBenchmark.Test::p99Ms),
                    r.serverCpuUs(), r.userCpuUs(), r.systemCpuUs(), r.durability().label, r.each(RedisBenchmark.Test::clientCpuShare),
                    r.requestsPerCpuSecond(), r.quota(), r.jitMillis(), r.warmUp().size(), Pass.jitShares(r.warmUp())));
        }
        return new RedisBenchmarkDocument(tool, "redis-benchmark " + String.join(" ", RedisBenchmark.arguments(0, "set|get", 1, 0))
                .replace("-p 0", "-p PORT").replace("-n 0", "-n N") + " (and -P 16)", redisServer.toString(), isolation, defaultTransport,
                list);
    }
}
