package jab.bench.kv;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import jab.kv.ByteKey;

/**
 * The precomputed work every kv benchmark replays: keys, values, and a fixed sequence of operations
 * (70% get, 25% set, 5% del, as in MilletDB's benchmarks) over random keys. Computing them ahead keeps
 * random numbers, string formatting and allocation out of the measured code. {@link KvLatencyBenchmark}
 * and {@link KvThroughputBenchmark} replay the same sequence through {@link KvMap}, with {@link #fill}
 * and {@link #step}, so the store and the ConcurrentHashMap baseline do exactly the same work.
 */
public final class KvWorkload {
    /** The keys of the throughput benchmarks and of a workload made without a count. */
    public static final int KEYS = 16_384;
    public static final int VALUE_SIZE = 32;
    /** A power of two, so the cursor wraps with a mask. */
    public static final int SEQUENCE = 1 << 16;
    public static final byte GET = 0;
    public static final byte SET = 1;
    public static final byte DEL = 2;

    /** How many distinct keys the workload holds and asks for. */
    public final int keyCount;
    /** The keys every operation asks for: each equal to, never the same object as, the key {@link #fill} stored. */
    public final ByteKey[] keys;
    /**
     * The keys {@link #fill} stores: copies, as a server's stored key is never the request's own. A map
     * that finds the very object it stored skips comparing bytes (ConcurrentHashMap tests {@code ==}
     * before equals), so looking up the stored objects would time a shortcut no server gets, and only
     * for the baseline: the store's table compares bytes.
     */
    private final ByteKey[] storedKeys;
    public final byte[][] values;
    public final int[] keyIndex = new int[SEQUENCE];
    public final byte[] op = new byte[SEQUENCE];

    public KvWorkload() {
        this(KEYS);
    }

    public KvWorkload(int keyCount) {
        if (keyCount < 1) {
            throw new IllegalArgumentException("a workload needs at least one key, not " + keyCount);
        }
        this.keyCount = keyCount;
        keys = new ByteKey[keyCount];
        storedKeys = new ByteKey[keyCount];
        values = new byte[keyCount][];
        SplittableRandom rnd = new SplittableRandom(2024);
        for (int i = 0; i < keyCount; i++) {
            byte[] key = String.format("key:%08d", i).getBytes(StandardCharsets.US_ASCII);
            keys[i] = new ByteKey(key);
            storedKeys[i] = new ByteKey(key.clone());
            byte[] v = new byte[VALUE_SIZE];
            for (int j = 0; j < v.length; j++) {
                v[j] = (byte) ('a' + rnd.nextInt(26));
            }
            values[i] = v;
        }
        for (int i = 0; i < SEQUENCE; i++) {
            keyIndex[i] = rnd.nextInt(keyCount);
            int p = rnd.nextInt(100);
            op[i] = p < 70 ? GET : p < 95 ? SET : DEL;
        }
    }

    /** A per-thread position in the sequence; threads start apart so they do not march in lockstep. */
    public static int startFor(int thread) {
        return (thread * 7919) & (SEQUENCE - 1);
    }

    /** Puts every key with its value, then {@link #settleHeap}: where every kv benchmark starts. */
    public void fill(KvMap map) {
        for (int k = 0; k < keyCount; k++) {
            map.set(storedKeys[k], values[k]);
        }
        settleHeap();
    }

    /**
     * Operation n of the sequence, the mix's one step: a get returns {@link #read} of the value, a set
     * the value stored, a del whether the key was there. The mix deletes keys and its sets put them back,
     * so about a fifth of the keys are missing at any time.
     */
    public Object step(KvMap map, int n) {
        int k = keyIndex[n];
        switch (op[n]) {
            case GET:
                return read(map.get(keys[k]));
            case SET:
                map.set(keys[k], values[k]);
                return values[k];
            default:
                return map.del(keys[k]);
        }
    }

    /**
     * Called at the end of every {@link #fill}, store and ConcurrentHashMap alike: a full GC lays the filled
     * map out in allocation order. Without it, where a young GC during the fill happens to copy the
     * nodes, keys and values decides the cache misses of a get: one run measured a one-shard store at
     * 1.6x the map with G1 and at 1.05x after a full GC, with the same code.
     */
    public static void settleHeap() {
        System.gc();
    }

    /**
     * What every get benchmark returns: the value's length, not the reference. A caller of get reads
     * the value, and the store must look at the value's header anyway (a plain byte[] or one with a
     * deadline), so neither side may skip touching it.
     */
    public static int read(byte[] value) {
        return value == null ? -1 : value.length;
    }
}
