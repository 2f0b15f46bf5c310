package jab.kv;

/** The options of SET: NX / XX and an expiry, in milliseconds from now or as an epoch-ms deadline (0: none). */
public final class SetOptions {
    public static final SetOptions NONE = new SetOptions(false, false, 0, 0);

    final boolean onlyIfAbsent;
    final boolean onlyIfPresent;
    final long ttlMillis;
    final long expireAt;

    private SetOptions(boolean nx, boolean xx, long ttlMillis, long expireAt) {
        this.onlyIfAbsent = nx;
        this.onlyIfPresent = xx;
        this.ttlMillis = ttlMillis;
        this.expireAt = expireAt;
    }

    public static SetOptions of(boolean nx, boolean xx, long ttlMillis) {
        if (nx && xx) {
            throw new KvException("ERR syntax error");
        }
        if (ttlMillis < 0) {
            throw new KvException("ERR invalid expire time in 'set' command");
        }
        return nx || xx || ttlMillis > 0 ? new SetOptions(nx, xx, ttlMillis, 0) : NONE;
    }

    /** As SET's PXAT: the key expires at {@code expireAt}, epoch milliseconds (> 0). */
    public static SetOptions at(boolean nx, boolean xx, long expireAt) {
        if (nx && xx) {
            throw new KvException("ERR syntax error");
        }
        if (expireAt <= 0) {
            throw new KvException("ERR invalid expire time in 'set' command");
        }
        return new SetOptions(nx, xx, 0, expireAt);
    }

    public static SetOptions nx() {
        return of(true, false, 0);
    }

    public static SetOptions xx() {
        return of(false, true, 0);
    }

    public static SetOptions px(long millis) {
        return of(false, false, millis);
    }
}
