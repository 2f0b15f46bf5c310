package jab.harness.kv;

/**
 * One row of kv-memory.json: one server before and after {@code keys} keys were set ({@link MemoryPerKey}),
 * its RSS after as many keys more ({@code rssAfterTwice}: the slope; null in runs made before it was
 * measured), and its RSS after MEMORY PURGE ({@code rssPurged}, with all the keys loaded: twice
 * {@code keys} where the slope was measured; null in runs made before it was), and its RSS after
 * {@code idleSeconds} without requests following the first load ({@code rssAfterIdle}; null in runs
 * made before it was measured), the fresh server having been left alone {@code settleSeconds} before
 * the first reading (null in runs made before it was). jab's rows name the server's transport and the one it takes by
 * default (null for Redis, and in runs made before transports were compared). RSS is -1 where the OS
 * does not say.
 */
record MemoryPerKeyDocument(String server, String serverVersion, int keys, int keyBytes, int valueBytes,
                            long rssBefore, long rssAfter, long usedMemoryBefore, long usedMemoryAfter, Long rssPurged,
                            Long rssAfterTwice, Long rssAfterIdle, Double idleSeconds, String transport, String defaultTransport,
                            Double settleSeconds) {
    static final String NAME = "kv-memory";

    double rssPerKey() {
        return perKey(rssBefore, rssAfter, keys);
    }

    /** RSS growth per key from {@code keys} keys to twice as many, each read right after its load; NaN if not measured. */
    double slopePerKey() {
        return rssAfterTwice == null ? Double.NaN : perKey(rssAfter, rssAfterTwice, keys);
    }

    /** RSS growth per key from before the load to after the idle wait that followed it; NaN if not measured. */
    double idleRssPerKey() {
        return rssAfterIdle == null ? Double.NaN : perKey(rssBefore, rssAfterIdle, keys);
    }

    /** Whether this is Redis's row or jab's server as users run it (on its default transport, or a run before transports). */
    boolean asUsersRunIt() {
        return transport == null || defaultTransport == null || transport.equals(defaultTransport);
    }

    /** "jab, epoll": the server, and jab's transport where the run compared them. */
    String serverWords() {
        return RedisBenchmarkDocument.serverWords(server, defaultTransport == null ? null : transport);
    }

    /** RSS growth per key once the server has given back what it could (MEMORY PURGE); NaN if not measured. */
    double purgedRssPerKey() {
        return rssPurged == null ? Double.NaN : perKey(rssBefore, rssPurged, rssAfterTwice == null ? keys : 2L * keys);
    }

    private static double perKey(long from, long to, long keys) {
        return from < 0 || to < 0 ? Double.NaN : (to - from) / (double) keys;
    }

    double usedMemoryPerKey() {
        return (usedMemoryAfter - usedMemoryBefore) / (double) keys;
    }
}
