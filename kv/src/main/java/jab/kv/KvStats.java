package jab.kv;

import java.util.concurrent.atomic.LongAdder;

/**
 * The store's own counters: keys removed because they expired, keys evicted for a limit. These are
 * rare events, so LongAdders cost nothing measurable. Per-operation counts (hits, misses, commands)
 * are deliberately not kept here: even an uncontended atomic increment or a thread-local lookup costs
 * as much as a get that hits the cache, so callers count those where it is free (the RESP server
 * counts per connection, on the connection's own thread).
 */
public final class KvStats {
    final LongAdder expired = new LongAdder();
    final LongAdder evicted = new LongAdder();

    public long expired() {
        return expired.sum();
    }

    public long evicted() {
        return evicted.sum();
    }
}
