package jab.kv;

/** The options of SET: NX / XX and an expiry in milliseconds from now (0: none). */
public final class SetOptions {
    public static final SetOptions NONE = new SetOptions(false, false, 0);

    final boolean onlyIfAbsent;
    final boolean onlyIfPresent;
    final long ttlMillis;

    private SetOptions(boolean nx, boolean xx, long ttlMillis) {
        this.onlyIfAbsent = nx;
        this.onlyIfPresent = xx;
        this.ttlMillis = ttlMillis;
    }

    public static SetOptions of(boolean nx, boolean xx, long ttlMillis) {
        if (nx && xx) {
            throw new KvException("ERR syntax error");
        }
        if (ttlMillis < 0) {
            throw new KvException("ERR invalid expire time in 'set' command");
        }
        return nx || xx || ttlMillis > 0 ? new SetOptions(nx, xx, ttlMillis) : NONE;
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
