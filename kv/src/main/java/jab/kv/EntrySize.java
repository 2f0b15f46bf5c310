package jab.kv;

/**
 * What one entry of the store takes on the heap, object by object, for max-memory and INFO's
 * used_memory: counted from HotSpot's 64-bit layout with compressed references (heaps under 32 GB:
 * 12-byte object headers, 16-byte array headers, 4-byte references, objects aligned to 8 bytes),
 * not a guess per key. What it leaves out (the maps' resizing slack beyond the average, the JVM
 * itself, garbage not yet collected) shows in the process's RSS, which INFO reports beside it.
 */
final class EntrySize {
    /**
     * A key's share of its {@link KeyTable}: a slot is 9 bytes (key and value references, a tag byte),
     * and the table is between 3/8 and 3/4 full: 18 bytes at half.
     */
    private static final int TABLE_SLOT = 18;
    /** Expiring: header, value reference, long deadline. */
    private static final int EXPIRING = 24;
    /** Recent: an Expiring and a long access time. */
    private static final int RECENT = 32;
    /**
     * A key with a deadline is also in its shard's set of such keys (a ConcurrentHashMap's key set):
     * a node (32), a 4-byte table slot at about half load (8), and the ByteKey it keeps (24).
     */
    private static final int VOLATILE_KEY = 32 + 8 + 24;

    private EntrySize() {
    }

    static long of(int keyLength, Object stored) {
        long n = TABLE_SLOT + array(keyLength) + array(Expiring.valueOf(stored).length);
        if (stored instanceof Recent) {
            n += RECENT;
        } else if (stored instanceof Expiring) {
            n += EXPIRING;
        }
        return Expiring.deadlineOf(stored) != 0 ? n + VOLATILE_KEY : n;
    }

    /** An entry about to be written, before its object exists: its deadline is not known yet, so none is counted. */
    static long of(ByteKey key, int valueLength, boolean recent) {
        return TABLE_SLOT + array(key.length()) + array(valueLength) + (recent ? RECENT : 0);
    }

    private static long array(int length) {
        return (16L + length + 7) & ~7L;
    }
}
