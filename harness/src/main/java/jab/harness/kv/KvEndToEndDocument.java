package jab.harness.kv;

/**
 * One row of kv-e2e.json: one load run of {@code jab kv load} against one server, with the
 * percentiles JMH's JSON shape has no place for.
 *
 * @param round    the round it ran in, from 1 (0: a run from before rounds, the only one of its server and shape)
 * @param position its place in the round: 1 ran first (0: before rounds)
 */
record KvEndToEndDocument(String server, int clients, int pipeline, double getRatio, int keys, int valueSize,
                          String serverVersion, double seconds, double warmupSeconds, long requests, long errors,
                          double throughput, double avgUs, double p50Us, double p99Us, double p999Us, double maxUs,
                          int round, int position) {
    static final String NAME = "kv-e2e";
}
