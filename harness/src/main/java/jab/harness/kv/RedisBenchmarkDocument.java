package jab.harness.kv;

import java.util.List;

/**
 * kv-redis-benchmark.json: both servers under redis-benchmark, every round of every test.
 *
 * @param tool        redis-benchmark's version
 * @param command     the command line, with PORT and N standing for what varies
 * @param redisServer the redis-server measured
 * @param isolation   where the servers and redis-benchmark ran and how the servers' CPU was read ({@link ServerIsolation#words});
 *                    null in runs made before they were kept apart
 */
record RedisBenchmarkDocument(String tool, String command, String redisServer, String isolation, List<Row> rows) {
    static final String NAME = "kv-redis-benchmark";

    /**
     * One server, test and pipeline depth: per round, requests/s, p50 and p99 in ms as redis-benchmark
     * printed them, and the server's CPU time per request in us (NaN where the OS does not say); how
     * both servers persisted ({@link Durability#label}; null in runs made before it was compared: off);
     * the share of one CPU redis-benchmark used in each round (null in runs made before it was read);
     * requests per second of the server's CPU time in each round, and the server's CPU quota in CPUs
     * (null: no quota, or a run made before servers were capped).
     */
    record Row(String server, String serverVersion, String test, int pipeline, int clients, long requests, double[] rps,
               double[] p50Ms, double[] p99Ms, double[] serverCpuUsPerRequest, String persistence, double[] clientCpuShare,
               double[] requestsPerCpuSecond, Double serverCpuQuota) {
        String persistenceOrOff() {
            return persistence == null ? Durability.OFF.label : persistence;
        }
    }
}
