package jab.kv;

/** What the store does when a write would go over max-keys or max-memory. */
public enum EvictionPolicy {
    /** Refuse the write with Redis's OOM error; reads and deletes keep working. */
    NOEVICTION,
    /**
     * Remove other keys of the same shard, taken in the shard's hash order from a rotating cursor:
     * unrelated to insertion or access order, so effectively random, and cheap (no sampling state).
     */
    ALLKEYS_RANDOM
}
