package jab.kv;

/**
 * A value with a deadline. Values without one are stored as the bare {@code byte[]}, so the common
 * get costs one map lookup and a type check, not an extra object to follow.
 */
final class Expiring {
    final byte[] value;
    /** Epoch milliseconds at and after which the key no longer exists. */
    final long expireAt;

    Expiring(byte[] value, long expireAt) {
        this.value = value;
        this.expireAt = expireAt;
    }

    static byte[] valueOf(Object stored) {
        return stored instanceof byte[] ? (byte[]) stored : ((Expiring) stored).value;
    }

    static long deadlineOf(Object stored) {
        return stored instanceof Expiring ? ((Expiring) stored).expireAt : 0L;
    }
}
