package jab.kv;

import java.util.function.LongSupplier;

/**
 * How a {@link KvStore} is built: shard count (rounded up to a power of two), optional limits and
 * the eviction policy, the background sweep, and the clock (tests use a fake one).
 */
public final class KvConfig {
    int shards = 16;
    long maxKeys;
    long maxMemoryBytes;
    EvictionPolicy eviction = EvictionPolicy.NOEVICTION;
    long sweepIntervalMillis = 100;
    int sweepBudgetPerShard = 200;
    LongSupplier clock = System::currentTimeMillis;

    public static KvConfig defaults() {
        return new KvConfig();
    }

    /** Rounded up to the next power of two, so the shard is chosen with a mask, not a division. */
    public KvConfig shards(int n) {
        if (n < 1 || n > (1 << 16)) {
            throw new IllegalArgumentException("shards must be 1..65536, got " + n);
        }
        this.shards = n == 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
        return this;
    }

    /** At most this many keys (0: no limit); enforced per shard as maxKeys / shards, rounded up. */
    public KvConfig maxKeys(long n) {
        this.maxKeys = Math.max(0, n);
        return this;
    }

    /** At most about this many bytes of keys, values and per-entry overhead (0: no limit). */
    public KvConfig maxMemory(long bytes) {
        this.maxMemoryBytes = Math.max(0, bytes);
        return this;
    }

    public KvConfig eviction(EvictionPolicy policy) {
        this.eviction = policy;
        return this;
    }

    /** How often the background sweep runs (0: never; expired keys then go only when touched). */
    public KvConfig sweep(long intervalMillis, int budgetPerShard) {
        this.sweepIntervalMillis = Math.max(0, intervalMillis);
        this.sweepBudgetPerShard = Math.max(1, budgetPerShard);
        return this;
    }

    public KvConfig clock(LongSupplier millis) {
        this.clock = millis;
        return this;
    }

    public int shardCount() {
        return shards;
    }
}
