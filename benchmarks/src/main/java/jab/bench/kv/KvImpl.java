package jab.bench.kv;

import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jab.kv.ByteKey;
import jab.kv.KvConfig;
import jab.kv.KvStore;

/**
 * The kv benchmarks' {@code impl} param: which {@link KvMap} a fork measures. JMH crosses every param
 * with every other, so the store's shard count is part of this value rather than a param of its own
 * (a {@code shards} param would run the ConcurrentHashMap once per shard count, the same figure again).
 *
 * <p>The accepted values: {@code CONCURRENT_HASH_MAP}, a plain {@code ConcurrentHashMap<ByteKey, byte[]>};
 * {@code STORE_<n>}, jab's {@link KvStore} with n shards, n 1 to 65536 without leading zeros (the store
 * rounds n up to a power of two), without the background expiry sweep.
 */
public final class KvImpl {
    public static final String CONCURRENT_HASH_MAP = "CONCURRENT_HASH_MAP";
    public static final String STORE_PREFIX = "STORE_";
    public static final int MAX_SHARDS = 1 << 16;
    static final String FORMS = CONCURRENT_HASH_MAP + " or " + STORE_PREFIX + "<n> with n shards, n 1.." + MAX_SHARDS
            + " (e.g. " + STORE_PREFIX + "16)";
    private static final Pattern STORE = Pattern.compile(Pattern.quote(STORE_PREFIX) + "([1-9][0-9]{0,4})");

    private final String name;
    /** The shard count asked for; 0 for the ConcurrentHashMap. */
    private final int shards;

    private KvImpl(String name, int shards) {
        this.name = name;
        this.shards = shards;
    }

    /**
     * The impl a param value names.
     *
     * @throws IllegalArgumentException when the value is none of the accepted forms, saying which they are
     */
    public static KvImpl parse(String value) {
        if (CONCURRENT_HASH_MAP.equals(value)) {
            return new KvImpl(value, 0);
        }
        Matcher m = value == null ? null : STORE.matcher(value);
        if (m != null && m.matches() && Integer.parseInt(m.group(1)) <= MAX_SHARDS) {
            return new KvImpl(value, Integer.parseInt(m.group(1)));
        }
        throw new IllegalArgumentException("impl '" + value + "': expected " + FORMS);
    }

    /** The shard count asked for (the store rounds it up to a power of two); 0 for the ConcurrentHashMap. */
    public int shards() {
        return shards;
    }

    /** A new, empty map of this impl; the caller closes it. */
    public KvMap open() {
        return shards == 0 ? new MapKv() : new StoreKv(new KvStore(KvConfig.defaults().shards(shards).sweep(0, 1)));
    }

    /** The value and what it names, e.g. "STORE_16: jab's KvStore, 16 shards". */
    @Override
    public String toString() {
        return shards == 0 ? name + ": a plain ConcurrentHashMap"
                : name + ": jab's KvStore, " + shards + (shards == 1 ? " shard" : " shards");
    }

    /** jab's store: get, set and del as a caller of the store makes them. */
    static final class StoreKv implements KvMap {
        final KvStore store;

        StoreKv(KvStore store) {
            this.store = store;
        }

        @Override
        public byte[] get(ByteKey key) {
            return store.get(key);
        }

        @Override
        public void set(ByteKey key, byte[] value) {
            store.set(key, value);
        }

        @Override
        public boolean del(ByteKey key) {
            return store.del(key) > 0;
        }

        @Override
        public void close() {
            store.close();
        }
    }

    /** The baseline: no shards, no expiry check, no counters; what the store's extras cost is the gap. */
    static final class MapKv implements KvMap {
        final ConcurrentHashMap<ByteKey, byte[]> map = new ConcurrentHashMap<>();

        @Override
        public byte[] get(ByteKey key) {
            return map.get(key);
        }

        @Override
        public void set(ByteKey key, byte[] value) {
            map.put(key, value);
        }

        @Override
        public boolean del(ByteKey key) {
            return map.remove(key) != null;
        }

        @Override
        public void close() {
        }
    }
}
