package jab.harness.kv;

import java.util.List;

/**
 * kv-redis-benchmark.json: the servers under redis-benchmark (jab's on each transport it ran, and
 * Redis), every round of every test.
 *
 * @param tool             redis-benchmark's version
 * @param command          the command line, with PORT and N standing for what varies
 * @param redisServer      the redis-server measured
 * @param isolation        where the servers and redis-benchmark ran and how the servers' CPU was read ({@link ServerIsolation#words});
 *                         null in runs made before they were kept apart
 * @param defaultTransport the transport jab kv serve takes when given none, on the machine of the run: its rows are
 *                         jab as users run it, the one compared with Redis where the transports are not the question;
 *                         null in runs made before the transports were compared (jab's rows are then all on it)
 */
record RedisBenchmarkDocument(String tool, String command, String redisServer, String isolation, String defaultTransport,
                              List<Row> rows) {
    static final String NAME = "kv-redis-benchmark";

    /**
     * One server, test and pipeline depth: per round, requests/s, p50 and p99 in ms as redis-benchmark
     * printed them, and the server's CPU time per request in us (NaN where the OS does not say), all of
     * it and its user and system parts (NaN where the cgroup does not split it; null in runs made before
     * they were read); how both servers persisted ({@link Durability#label}; null in runs made before it
     * was compared: off); the share of one CPU redis-benchmark used in each round (null in runs made
     * before it was read); requests per second of the server's CPU time in each round, and the server's
     * CPU quota in CPUs (null: no quota, or a run made before servers were capped); how long the
     * server's JIT compiler threads used during each round, CPU ms (null: Redis, and jab's rows in runs made before it
     * was read); the warm-up passes the server ran before the rounds (null in runs made before they were
     * kept), and the share of its CPU time its JIT's compiler threads used in each (null: Redis, and older runs).
     *
     * @param transport how jab's server moved bytes (epoll, io_uring, nio); null for Redis, and in runs made
     *                  before the transports were compared
     */
    record Row(String server, String transport, String serverVersion, String test, int pipeline, int clients, long requests,
               double[] rps, double[] p50Ms, double[] p99Ms, double[] serverCpuUsPerRequest, double[] serverUserCpuUsPerRequest,
               double[] serverSystemCpuUsPerRequest, String persistence, double[] clientCpuShare, double[] requestsPerCpuSecond,
               Double serverCpuQuota, double[] serverJitMs, Integer warmUpPasses, double[] warmUpJitShare) {
        String persistenceOrOff() {
            return persistence == null ? Durability.OFF.label : persistence;
        }

        /** jab's server on a transport of its own ("jab, io_uring"), or the server's name. */
        String serverWords() {
            return RedisBenchmarkDocument.serverWords(server, transport);
        }
    }

    /** "the JIT took 12%, 4.1%, 1% of its CPU in them": the JIT's compiler threads' share of the server's CPU time in each warm-up pass. */
    static String jitWords(double[] shares) {
        return java.util.Arrays.stream(shares).mapToObj(x -> Double.isFinite(x) ? String.format(java.util.Locale.ROOT, "%.1f%%", x * 100) : "-")
                .collect(java.util.stream.Collectors.joining(", ", "the JIT took ", " of its CPU in them"));
    }

    /** "jab, epoll": a server, and the transport it ran on where one is named (null: the server alone). */
    static String serverWords(String server, String transport) {
        return transport == null ? server : server + ", " + transport;
    }
}
