package jab.harness.kv;

/**
 * One row of kv-memory.json: one server before and after {@code keys} keys were set ({@link MemoryPerKey}),
 * its RSS after as many keys more ({@code rssAfterTwice}: the slope; null in runs made before it was
 * measured), and its RSS after MEMORY PURGE ({@code rssPurged}, with all the keys loaded: twice
 * {@code keys} where the slope was measured; null in runs made before it was). RSS is -1 where the OS
 * does not say.
 */
record MemoryPerKeyDocument(String server, String serverVersion, int keys, int keyBytes, int valueBytes,
                            long rssBefore, long rssAfter, long usedMemoryBefore, long usedMemoryAfter, Long rssPurged,
                            Long rssAfterTwice) {
    static final String NAME = "kv-memory";

    double rssPerKey() {
        return perKey(rssBefore, rssAfter, keys);
    }

    /** RSS growth per key from {@code keys} keys to twice as many, each read right after its load; NaN if not measured. */
    double slopePerKey() {
        return rssAfterTwice == null ? Double.NaN : perKey(rssAfter, rssAfterTwice, keys);
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
