package jab.kv;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * A sharded in-memory key-value store with Redis string semantics.
 *
 * <p>Keys go to one of a power-of-two number of shards by hash; each shard is a {@link KeyTable}, so
 * there is no global lock: reads never block, and a write holds its shard's table only, which makes
 * each change of a key atomic. Operations over several keys (MGET, MSET, DEL k1 k2) are atomic per key,
 * not as a whole. Expired keys disappear on access (lazy) and through a
 * bounded background sweep of the keys that carry a deadline. Only rare events (expiry, eviction) are counted here, in LongAdders; per-operation counts
 * (hits, misses) are the caller's, who can keep them per thread for free (the server counts per connection).
 */
public final class KvStore implements AutoCloseable {
    /** Keys sampled per eviction under allkeys-lru: Redis's maxmemory-samples default. */
    static final int LRU_SAMPLES = 5;

    private final Shard[] shards;
    /** The shards' tables, for get: one dependent load fewer than going through the Shard. */
    private final KeyTable[] tables;
    private final int mask;
    private final LongSupplier clock;
    private final long maxKeysPerShard;
    private final long maxBytesPerShard;
    private final EvictionPolicy eviction;
    private final boolean lru;
    /** Null until {@link #journal(Journal)}: changes made before (loading) are not reported. */
    private Journal journal;
    private final KvStats stats = new KvStats();
    private final ScheduledExecutorService sweeper;
    private final int sweepBudget;

    public KvStore() {
        this(KvConfig.defaults());
    }

    public KvStore(KvConfig config) {
        int n = config.shards;
        shards = new Shard[n];
        for (int i = 0; i < n; i++) {
            shards[i] = new Shard(config.maxMemoryBytes > 0);
        }
        mask = n - 1;
        tables = new KeyTable[n];
        for (int i = 0; i < n; i++) {
            tables[i] = shards[i].table;
        }
        clock = config.clock;
        maxKeysPerShard = config.maxKeys == 0 ? 0 : (config.maxKeys + n - 1) / n;
        maxBytesPerShard = config.maxMemoryBytes == 0 ? 0 : Math.max(1, config.maxMemoryBytes / n);
        eviction = config.eviction;
        lru = config.eviction == EvictionPolicy.ALLKEYS_LRU;
        sweepBudget = config.sweepBudgetPerShard;
        if (config.sweepIntervalMillis > 0) {
            sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "kv-expiry-sweep");
                t.setDaemon(true);
                return t;
            });
            sweeper.scheduleWithFixedDelay(this::sweep, config.sweepIntervalMillis, config.sweepIntervalMillis,
                    TimeUnit.MILLISECONDS);
        } else {
            sweeper = null;
        }
    }

    /**
     * Reports every later change to {@code journal}. Call before the store is shared with other
     * threads (the server does, after loading and before it listens).
     */
    public void journal(Journal journal) {
        this.journal = journal;
    }

    /** The store's clock, in epoch milliseconds. */
    public long now() {
        return clock.getAsLong();
    }

    public int shardCount() {
        return shards.length;
    }

    public KvStats stats() {
        return stats;
    }

    private Shard shard(ByteKey key) {
        return shards[index(key)];
    }

    /**
     * The shard from the high bits of a multiplicative mix of the key's hash; the table mixes the hash
     * otherwise for its slots, so the keys of one shard still spread over all of them.
     */
    private int index(ByteKey key) {
        return index(key.hashCode());
    }

    private int index(int hash) {
        return hash * 0x9E3779B9 >>> 16 & mask;
    }

    /** What to store for a value: the bare array when nothing else must be kept, else with its deadline and access time. */
    private Object entry(byte[] value, long expireAt, long now) {
        if (lru) {
            return new Recent(value, expireAt == 0 ? Expiring.NEVER : expireAt, now);
        }
        return expireAt == 0 ? value : new Expiring(value, expireAt);
    }

    private boolean isExpired(Object stored, long now) {
        return stored instanceof Expiring && ((Expiring) stored).expireAt <= now;
    }

    /** The live stored object of a key, removing it first when its deadline has passed. */
    private Object live(Shard s, ByteKey key) {
        Object v = s.get(key);
        if (v instanceof Expiring && ((Expiring) v).expireAt <= clock.getAsLong()) {
            if (s.removeIfSame(key, v)) {
                stats.expired.increment();
            }
            return null;
        }
        return v;
    }

    public byte[] get(ByteKey key) {
        Object v = tables[index(key)].get(key.bytes(), key.length(), key.hashCode());
        if (v instanceof byte[]) {
            return (byte[]) v;
        }
        return v == null ? null : getExpiring(key);
    }

    /** GET by a probe: no key is made unless the value has a deadline or an access time to keep (the rarer path). */
    public byte[] get(KeyProbe key) {
        Object v = tables[index(key.hashCode())].get(key.bytes(), key.length(), key.hashCode());
        if (v instanceof byte[]) {
            return (byte[]) v;
        }
        return v == null ? null : getExpiring(key.toKey());
    }

    /** The rarer path of get, kept out of it so get stays small enough to inline everywhere. */
    private byte[] getExpiring(ByteKey key) {
        Object v = live(shard(key), key);
        if (v instanceof Recent) {
            ((Recent) v).accessedAt = clock.getAsLong();
        }
        return v == null ? null : Expiring.valueOf(v);
    }

    /** SET without options: always stores, clears any deadline. */
    public void set(ByteKey key, byte[] value) {
        Shard s = shard(key);
        if (journal != null || lru || s.limited(maxKeysPerShard, maxBytesPerShard)) {
            set(key, value, SetOptions.NONE);
            return;
        }
        synchronized (s.table) {
            s.table.put(key.bytes(), key.length(), key.hashCode(), true, value);
        }
    }

    /**
     * SET without options by a probe: a key that exists gets the value in place (the table keeps its
     * key bytes), so only a new key is copied. Whatever else must be kept (a journal, LRU times, limits)
     * takes the path of {@link #set(ByteKey, byte[])}.
     */
    public void set(KeyProbe key, byte[] value) {
        Shard s = shards[index(key.hashCode())];
        if (journal != null || lru || s.limited(maxKeysPerShard, maxBytesPerShard)) {
            set(key.toKey(), value);
            return;
        }
        synchronized (s.table) {
            s.table.put(key.bytes(), key.length(), key.hashCode(), false, value);
        }
    }

    /** SET with NX / XX / PX: returns whether the value was stored. */
    public boolean set(ByteKey key, byte[] value, SetOptions options) {
        Shard s = shard(key);
        long now = clock.getAsLong();
        long deadline = options.expireAt > 0 ? options.expireAt : options.ttlMillis > 0 ? saturatedAdd(now, options.ttlMillis) : 0;
        Object stored = entry(value, deadline, now);
        Journal j = journal;
        if (s.limited(maxKeysPerShard, maxBytesPerShard)) {
            makeRoom(s, key, value.length);
        }
        Object old;
        synchronized (s.table) {
            Object cur = s.get(key);
            boolean exists = cur != null && !isExpired(cur, now);
            if (options.onlyIfAbsent && exists || options.onlyIfPresent && !exists) {
                return false;
            }
            if (j != null) {
                j.stored(key, value, deadline); // may refuse: then nothing changes
            }
            old = s.put(key, stored);
        }
        s.replaced(key, old, stored);
        return true;
    }

    /** DEL of one key, without the varargs array: 1 if it existed, else 0. */
    public long del(ByteKey key) {
        Shard s = shard(key);
        Object v = remove(s, key);
        if (v == null) {
            return 0;
        }
        s.removed(key, v);
        if (isExpired(v, clock.getAsLong())) {
            stats.expired.increment();
            return 0;
        }
        return 1;
    }

    /** Deletes the keys; returns how many existed (expired ones do not count). */
    public long del(ByteKey... keys) {
        long n = 0;
        long now = clock.getAsLong();
        for (ByteKey key : keys) {
            Shard s = shard(key);
            Object v = remove(s, key);
            if (v != null) {
                s.removed(key, v);
                if (isExpired(v, now)) {
                    stats.expired.increment();
                } else {
                    n++;
                }
            }
        }
        return n;
    }

    /** Removes the key and returns what it held; with a journal, inside the shard's lock, so the journal sees the removal in order. */
    private Object remove(Shard s, ByteKey key) {
        Journal j = journal;
        synchronized (s.table) {
            if (j != null && s.get(key) != null) {
                j.removed(key);
            }
            return s.table.remove(key.bytes(), key.length(), key.hashCode());
        }
    }

    public long exists(ByteKey... keys) {
        long n = 0;
        for (ByteKey key : keys) {
            if (live(shard(key), key) != null) {
                n++;
            }
        }
        return n;
    }

    /**
     * INCRBY: the decimal value plus delta, stored back as decimal, atomically per key; a missing key
     * counts as 0 and a deadline is kept, as in Redis.
     */
    public long incrBy(ByteKey key, long delta) {
        Shard s = shard(key);
        long now = clock.getAsLong();
        if (s.limited(maxKeysPerShard, maxBytesPerShard)) {
            makeRoom(s, key, 20);
        }
        Journal j = journal;
        long next;
        Object old;
        Object stored;
        synchronized (s.table) {
            Object cur = s.get(key);
            boolean exists = cur != null && !isExpired(cur, now);
            long base = exists ? Numbers.parseLong(Expiring.valueOf(cur)) : 0;
            if (delta > 0 && base > Long.MAX_VALUE - delta || delta < 0 && base < Long.MIN_VALUE - delta) {
                throw new KvException(KvException.OVERFLOW);
            }
            next = base + delta;
            byte[] bytes = Long.toString(next).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            long deadline = exists ? Expiring.deadlineOf(cur) : 0;
            stored = entry(bytes, deadline, now);
            if (j != null) {
                j.stored(key, bytes, deadline);
            }
            old = s.put(key, stored);
        }
        s.replaced(key, old, stored);
        return next;
    }

    public long incr(ByteKey key) {
        return incrBy(key, 1);
    }

    public long decr(ByteKey key) {
        return incrBy(key, -1);
    }

    public List<byte[]> mget(List<ByteKey> keys) {
        List<byte[]> out = new ArrayList<>(keys.size());
        for (ByteKey k : keys) {
            out.add(get(k));
        }
        return out;
    }

    /** MSET: each key set as by SET; atomic per key, not across keys. */
    public void mset(List<ByteKey> keys, List<byte[]> values) {
        for (int i = 0; i < keys.size(); i++) {
            set(keys.get(i), values.get(i));
        }
    }

    /** PEXPIRE: a deadline millis from now (<= 0 deletes the key, as Redis does); false if no key. */
    public boolean pexpire(ByteKey key, long millis) {
        if (millis <= 0) {
            return del(key) > 0;
        }
        return pexpireAt(key, saturatedAdd(clock.getAsLong(), millis));
    }

    /** PEXPIREAT: the deadline in epoch ms (one already passed deletes the key); false if no key. */
    public boolean pexpireAt(ByteKey key, long at) {
        Shard s = shard(key);
        long now = clock.getAsLong();
        if (at <= now) {
            return del(key) > 0;
        }
        Journal j = journal;
        Object old;
        Object neu = null;
        synchronized (s.table) {
            old = s.get(key);
            if (old == null) {
                return false;
            }
            if (isExpired(old, now)) {
                s.table.remove(key.bytes(), key.length(), key.hashCode());
            } else {
                if (j != null) {
                    j.stored(key, Expiring.valueOf(old), at);
                }
                neu = entry(Expiring.valueOf(old), at, now);
                s.put(key, neu);
            }
        }
        s.replaced(key, old, neu);
        return neu != null;
    }

    public boolean expire(ByteKey key, long seconds) {
        return pexpire(key, seconds > Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : seconds * 1000);
    }

    /** Milliseconds left: -2 when the key does not exist, -1 when it has no deadline. */
    public long pttl(ByteKey key) {
        Object v = live(shard(key), key);
        if (v == null) {
            return -2;
        }
        long at = Expiring.deadlineOf(v);
        return at == 0 ? -1 : Math.max(0, at - clock.getAsLong());
    }

    /** Seconds left, rounded as Redis rounds (to nearest); -2 / -1 as for {@link #pttl}. */
    public long ttl(ByteKey key) {
        long ms = pttl(key);
        return ms < 0 ? ms : (ms + 500) / 1000;
    }

    /** Keys stored, including expired ones the sweep has not removed yet (as Redis's DBSIZE). */
    public long dbsize() {
        long n = 0;
        for (Shard s : shards) {
            n += s.table.size();
        }
        return n;
    }

    public long keysWithDeadline() {
        long n = 0;
        for (Shard s : shards) {
            n += s.volatileKeys.size();
        }
        return n;
    }

    /**
     * Bytes the entries take on the heap, by {@link EntrySize}: kept up to date with max-memory, else
     * counted by walking every entry (INFO memory is rare; a counter on every write is not free).
     */
    public long usedMemory() {
        long n = 0;
        for (Shard s : shards) {
            if (s.bytes != null) {
                n += s.bytes.sum();
            } else {
                KeyTable.Slots t = s.table.slots();
                for (int i = 0; i < t.capacity(); i++) {
                    byte[] k = t.key(i);
                    Object v = k == null ? null : t.value(i);
                    if (v != null) {
                        n += EntrySize.of(k.length, v);
                    }
                }
            }
        }
        return n;
    }

    public void flush() {
        Journal j = journal;
        if (j != null) {
            j.flushed();
        }
        for (Shard s : shards) {
            s.clear();
        }
    }

    /**
     * Puts a key as it was saved (loading a snapshot or a log), without limits or journal; a deadline
     * already passed removes the key instead, as Redis skips expired keys when it loads.
     */
    public void restore(ByteKey key, byte[] value, long expireAt) {
        Shard s = shard(key);
        long now = clock.getAsLong();
        if (expireAt != 0 && expireAt <= now) {
            Object old;
            synchronized (s.table) {
                old = s.table.remove(key.bytes(), key.length(), key.hashCode());
            }
            if (old != null) {
                s.removed(key, old);
            }
            return;
        }
        Object stored = entry(value, expireAt, now);
        Object old;
        synchronized (s.table) {
            old = s.put(key, stored);
        }
        s.replaced(key, old, stored);
    }

    /** What {@link #forEach} shows of each live key. */
    public interface EntryVisitor {
        void visit(ByteKey key, byte[] value, long expireAt) throws IOException;
    }

    /**
     * Visits every key that has not expired, shard by shard; a key changed meanwhile may be seen
     * before or after the change (the maps' weakly consistent iteration).
     */
    public void forEach(EntryVisitor visitor) throws IOException {
        long now = clock.getAsLong();
        for (Shard s : shards) {
            KeyTable.Slots t = s.table.slots();
            for (int i = 0; i < t.capacity(); i++) {
                byte[] k = t.key(i);
                Object v = k == null ? null : t.value(i);
                if (v != null && !isExpired(v, now)) {
                    visitor.visit(new ByteKey(k), Expiring.valueOf(v), Expiring.deadlineOf(v));
                }
            }
        }
    }

    /** One bounded pass: at most the budget of deadline-carrying keys per shard, from a rotating cursor. */
    public void sweep() {
        long now = clock.getAsLong();
        for (Shard s : shards) {
            if (s.volatileKeys.isEmpty()) {
                continue;
            }
            synchronized (s.sweepLock) {
                for (int i = 0; i < sweepBudget; i++) {
                    if (s.sweepCursor == null || !s.sweepCursor.hasNext()) {
                        s.sweepCursor = s.volatileKeys.iterator();
                        if (!s.sweepCursor.hasNext()) {
                            break;
                        }
                    }
                    ByteKey k = s.sweepCursor.next();
                    Object v = s.get(k);
                    if (!(v instanceof Expiring)) {
                        s.volatileKeys.remove(k);
                    } else if (((Expiring) v).expireAt <= now && s.removeIfSame(k, v)) {
                        stats.expired.increment();
                    }
                }
            }
        }
    }

    /** Before a write to a limited shard: evict (or refuse) until one more entry fits. */
    private void makeRoom(Shard s, ByteKey key, int valueLength) {
        if (s.get(key) != null && maxBytesPerShard == 0) {
            return; // an overwrite does not add a key
        }
        long need = maxBytesPerShard == 0 ? 0 : EntrySize.of(key, valueLength, lru);
        for (int guard = 0; guard < 1_000_000; guard++) {
            boolean keysOk = maxKeysPerShard == 0 || s.table.size() < maxKeysPerShard;
            boolean bytesOk = maxBytesPerShard == 0 || s.bytes.sum() + need <= maxBytesPerShard;
            if (keysOk && bytesOk) {
                return;
            }
            if (eviction == EvictionPolicy.NOEVICTION || !s.evictOne(key, stats, lru, journal)) {
                if (!keysOk || s.table.size() == 0) {
                    throw new KvException(KvException.OOM);
                }
                if (!bytesOk) {
                    throw new KvException(KvException.OOM);
                }
            }
        }
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    @Override
    public void close() {
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
    }

    /** One shard: its table, the keys that carry a deadline (for the sweep) and, with max-memory, its bytes. */
    private static final class Shard {
        final KeyTable table = new KeyTable();
        final java.util.Set<ByteKey> volatileKeys = ConcurrentHashMap.newKeySet();
        final LongAdder bytes;
        final Object sweepLock = new Object();
        Iterator<ByteKey> sweepCursor;
        /** Where the random eviction's walk over the table is: a generation and a slot in it. */
        KeyTable.Slots evictSlots;
        int evictAt;
        /** Under allkeys-lru: the oldest keys sampled so far. */
        EvictionPool pool;

        Shard(boolean countBytes) {
            bytes = countBytes ? new LongAdder() : null;
        }

        Object get(ByteKey key) {
            return table.get(key.bytes(), key.length(), key.hashCode());
        }

        /** Caller holds the table's monitor. */
        Object put(ByteKey key, Object value) {
            return table.put(key.bytes(), key.length(), key.hashCode(), true, value);
        }

        /** Removes the key if it still holds {@code expected} (as ConcurrentHashMap.remove(k, v)), with its bookkeeping. */
        boolean removeIfSame(ByteKey key, Object expected) {
            synchronized (table) {
                if (get(key) != expected) {
                    return false;
                }
                table.remove(key.bytes(), key.length(), key.hashCode());
            }
            removed(key, expected);
            return true;
        }

        boolean limited(long maxKeys, long maxBytes) {
            return maxKeys > 0 || maxBytes > 0;
        }

        static long cost(ByteKey k, Object v) {
            return EntrySize.of(k.length(), v);
        }

        void replaced(ByteKey key, Object old, Object neu) {
            if (Expiring.deadlineOf(neu) != 0) {
                volatileKeys.add(key);
            }
            if (bytes != null) {
                bytes.add((neu == null ? 0 : cost(key, neu)) - (old == null ? 0 : cost(key, old)));
            }
        }

        void removed(ByteKey key, Object old) {
            if (Expiring.deadlineOf(old) != 0) {
                volatileKeys.remove(key);
            }
            if (bytes != null) {
                bytes.add(-cost(key, old));
            }
        }

        /** The next key of the eviction walk, starting over at the end; null after a whole turn without one. */
        private ByteKey nextKey() {
            KeyTable.Slots t = table.slots();
            if (t != evictSlots) {
                evictSlots = t;
                evictAt = 0;
            }
            for (int n = 0; n < t.capacity(); n++) {
                int i = evictAt;
                evictAt = (evictAt + 1) & t.mask;
                byte[] k = t.key(i);
                if (k != null && t.value(i) != null) {
                    return new ByteKey(k);
                }
            }
            return null;
        }

        /**
         * Removes one key other than {@code keep}; false when there is none. Random: the next key of
         * the rotating walk. LRU: the next {@link #LRU_SAMPLES} keys go into the {@link EvictionPool},
         * and its oldest candidate goes.
         */
        synchronized boolean evictOne(ByteKey keep, KvStats stats, boolean lru, Journal journal) {
            if (lru && pool == null) {
                pool = new EvictionPool();
            }
            ByteKey victim = null;
            int want = lru ? LRU_SAMPLES : 1;
            int sampled = 0;
            for (int tries = 0; sampled < want && tries < want + 1; tries++) {
                ByteKey k = nextKey();
                if (k == null) {
                    break;
                }
                Object v = get(k);
                if (k.equals(keep) || v == null) {
                    continue;
                }
                sampled++;
                if (lru) {
                    pool.offer(k, v instanceof Recent ? ((Recent) v).accessedAt : 0);
                } else {
                    victim = k;
                }
            }
            if (lru) {
                victim = pool.take(this::get, keep);
            }
            if (victim == null) {
                return false;
            }
            Object old;
            synchronized (table) {
                old = get(victim);
                if (old != null) {
                    if (journal != null) {
                        journal.removed(victim); // Redis logs evictions too: a replay must not bring them back
                    }
                    table.remove(victim.bytes(), victim.length(), victim.hashCode());
                }
            }
            if (old != null) {
                removed(victim, old);
                stats.evicted.increment();
            }
            return true;
        }

        void clear() {
            synchronized (table) {
                table.clear();
            }
            volatileKeys.clear();
            if (bytes != null) {
                bytes.reset();
            }
        }
    }
}
