package jab.kv;

/**
 * A value under allkeys-lru: with its deadline ({@link Expiring#NEVER} for none) and the time it was
 * last read or written, which eviction compares among sampled keys. The time is written without any
 * synchronization: a racing reader may store a slightly older time, which only makes the
 * approximation a little rougher, as Redis's own 24-bit LRU clock does.
 */
final class Recent extends Expiring {
    long accessedAt;

    Recent(byte[] value, long expireAt, long accessedAt) {
        super(value, expireAt);
        this.accessedAt = accessedAt;
    }
}
