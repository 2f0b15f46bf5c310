package jab.kv;

/**
 * A value with a deadline. Values without one are stored as the bare {@code byte[]}, so the common
 * get costs one map lookup and a type check, not an extra object to follow. Under allkeys-lru every
 * value is a {@link Recent} instead, which also carries its last access time.
 */
class Expiring {
    /** The deadline of a {@link Recent} value that has none. */
    static final long NEVER = Long.MAX_VALUE;

    final byte[] value;
    /** Epoch milliseconds at and after which the key no longer exists ({@link #NEVER}: never). */
    final long expireAt;

    Expiring(byte[] value, long expireAt) {
        this.value = value;
        this.expireAt = expireAt;
    }

    static byte[] valueOf(Object stored) {
        return stored instanceof byte[] ? (byte[]) stored : ((Expiring) stored).value;
    }

    /** The deadline in epoch ms, 0 when the value has none. */
    static long deadlineOf(Object stored) {
        if (!(stored instanceof Expiring)) {
            return 0L;
        }
        long at = ((Expiring) stored).expireAt;
        return at == NEVER ? 0L : at;
    }
}
