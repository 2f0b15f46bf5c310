package jab.harness.kv;

/**
 * One row of kv-memory.json: one server before and after {@code keys} keys were set ({@link MemoryPerKey}),
 * and its RSS after MEMORY PURGE ({@code rssPurged}; null in runs made before it was measured). RSS is
 * -1 where the OS does not say.
 */
record MemoryPerKeyDocument(String server, String serverVersion, int keys, int keyBytes, int valueBytes,
                            long rssBefore, long rssAfter, long usedMemoryBefore, long usedMemoryAfter, Long rssPurged) {
    static final String NAME = "kv-memory";

    double rssPerKey() {
        return perKey(rssAfter);
    }

    /** RSS growth per key once the server has given back what it could (MEMORY PURGE); NaN if not measured. */
    double purgedRssPerKey() {
        return rssPurged == null ? Double.NaN : perKey(rssPurged);
    }

    private double perKey(long rss) {
        return rssBefore < 0 || rss < 0 ? Double.NaN : (rss - rssBefore) / (double) keys;
    }

    double usedMemoryPerKey() {
        return (usedMemoryAfter - usedMemoryBefore) / (double) keys;
    }
}
