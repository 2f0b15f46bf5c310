package jab.kv;

/** What the store does when a write would go over max-keys or max-memory (Redis's maxmemory-policy). */
public enum EvictionPolicy {
    /** Refuse the write with Redis's OOM error; reads and deletes keep working. */
    NOEVICTION("noeviction"),
    /**
     * Remove other keys of the same shard, taken in the shard's hash order from a rotating cursor:
     * unrelated to insertion or access order, so effectively random, and cheap (no sampling state).
     */
    ALLKEYS_RANDOM("allkeys-random"),
    /**
     * Approximate LRU, as Redis's allkeys-lru: each entry carries its last access time, and the store
     * evicts the least recently used of a few sampled keys ({@link KvStore#LRU_SAMPLES}, Redis's
     * maxmemory-samples default) instead of keeping an exact access order, which would cost a shared
     * list update on every read.
     */
    ALLKEYS_LRU("allkeys-lru");

    private final String redisName;

    EvictionPolicy(String redisName) {
        this.redisName = redisName;
    }

    /** The name Redis's maxmemory-policy uses. */
    public String redisName() {
        return redisName;
    }

    /** The policy of a Redis name; null when there is none of that name. */
    public static EvictionPolicy ofRedisName(String name) {
        for (EvictionPolicy p : values()) {
            if (p.redisName.equals(name)) {
                return p;
            }
        }
        return null;
    }
}
