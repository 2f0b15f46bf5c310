package jab.harness.kv;

/**
 * One row of kv-memory.json: one server before and after {@code keys} keys were set ({@link MemoryPerKey}).
 * RSS is -1 where the OS does not say.
 */
record MemoryPerKeyDocument(String server, String serverVersion, int keys, int keyBytes, int valueBytes,
                            long rssBefore, long rssAfter, long usedMemoryBefore, long usedMemoryAfter) {
    static final String NAME = "kv-memory";

    double rssPerKey() {
        return rssBefore < 0 || rssAfter < 0 ? Double.NaN : (rssAfter - rssBefore) / (double) keys;
    }

    double usedMemoryPerKey() {
        return (usedMemoryAfter - usedMemoryBefore) / (double) keys;
    }
}
