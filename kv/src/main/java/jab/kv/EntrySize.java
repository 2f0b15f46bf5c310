package jab.kv;

/**
 * What one entry of the store takes on the heap, object by object, for max-memory and INFO's
 * used_memory: counted from HotSpot's 64-bit layout with compressed references (heaps under 32 GB:
 * 12-byte object headers, 16-byte array headers, 4-byte references, objects aligned to 8 bytes),
 * not a guess per key. What it leaves out (the maps' resizing slack beyond the average, the JVM
 * itself, garbage not yet collected) shows in the process's RSS, which INFO reports beside it.
 */
final class EntrySize {
    /** ConcurrentHashMap.Node: header, hash, key, value, next. */
    private static final int NODE = 32;
    /** The node's share of the map's table: one 4-byte slot per bin at a load factor between 3/8 and 3/4. */
    private static final int TABLE_SLOT = 8;
    /** ByteKey: header, the array reference, the cached hash. */
    private static final int KEY_OBJECT = 24;
    /** Expiring: header, value reference, long deadline. */
    private static final int EXPIRING = 24;
    /** Recent: an Expiring and a long access time. */
    private static final int RECENT = 32;
    /** A key with a deadline is also in its shard's set of such keys: a node and a slot more. */
    private static final int VOLATILE_KEY = NODE + TABLE_SLOT;

    private EntrySize() {
    }

    static long of(ByteKey key, Object stored) {
        long n = NODE + TABLE_SLOT + KEY_OBJECT + array(key.length()) + array(Expiring.valueOf(stored).length);
        if (stored instanceof Recent) {
            n += RECENT;
        } else if (stored instanceof Expiring) {
            n += EXPIRING;
        }
        return Expiring.deadlineOf(stored) != 0 ? n + VOLATILE_KEY : n;
    }

    /** An entry about to be written, before its object exists: its deadline is not known yet, so none is counted. */
    static long of(ByteKey key, int valueLength, boolean recent) {
        return NODE + TABLE_SLOT + KEY_OBJECT + array(key.length()) + array(valueLength) + (recent ? RECENT : 0);
    }

    private static long array(int length) {
        return (16L + length + 7) & ~7L;
    }
}
