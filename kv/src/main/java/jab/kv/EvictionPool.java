package jab.kv;

import java.util.function.Function;

/**
 * The best eviction candidates seen so far, as Redis's eviction pool (evict.c): the oldest of the
 * sampled keys, by last access. Each eviction adds a fresh sample and takes the oldest candidate
 * still unread since it was sampled. A sample alone is not enough here: the shard's table orders keys
 * by hash, and similar keys (key:1, key:2, ...) have neighbouring hashes, so a run of consecutive
 * keys is often a run of keys of the same age; the pool keeps older candidates from earlier runs.
 * Used under its shard's lock.
 */
final class EvictionPool {
    /** Redis's EVPOOL_SIZE. */
    static final int SIZE = 16;

    private final ByteKey[] keys = new ByteKey[SIZE];
    private final long[] accessed = new long[SIZE];
    private int size;

    /** Offers a sampled key: kept if the pool has room or it is older than the youngest candidate. */
    void offer(ByteKey key, long accessedAt) {
        for (int i = 0; i < size; i++) {
            if (keys[i].equals(key)) {
                accessed[i] = accessedAt;
                return;
            }
        }
        if (size < SIZE) {
            keys[size] = key;
            accessed[size++] = accessedAt;
            return;
        }
        int youngest = 0;
        for (int i = 1; i < size; i++) {
            if (accessed[i] > accessed[youngest]) {
                youngest = i;
            }
        }
        if (accessedAt < accessed[youngest]) {
            keys[youngest] = key;
            accessed[youngest] = accessedAt;
        }
    }

    /**
     * Removes and returns the oldest candidate that is still stored (by {@code stored}) with the access
     * time it was sampled with (a key read since is no longer a candidate); null when none is left.
     */
    ByteKey take(Function<ByteKey, Object> stored, ByteKey keep) {
        while (size > 0) {
            int oldest = 0;
            for (int i = 1; i < size; i++) {
                if (accessed[i] < accessed[oldest]) {
                    oldest = i;
                }
            }
            ByteKey k = keys[oldest];
            long at = accessed[oldest];
            keys[oldest] = keys[--size];
            accessed[oldest] = accessed[size];
            keys[size] = null;
            Object v = stored.apply(k);
            if (v instanceof Recent && ((Recent) v).accessedAt == at && !k.equals(keep)) {
                return k;
            }
        }
        return null;
    }
}
