package jab.kv;

import java.util.concurrent.atomic.LongAdder;

/** Operation counters: LongAdders, so threads on different keys do not fight over one cache line. */
public final class KvStats {
    final LongAdder hits = new LongAdder();
    final LongAdder misses = new LongAdder();
    final LongAdder writes = new LongAdder();
    final LongAdder expired = new LongAdder();
    final LongAdder evicted = new LongAdder();

    public long hits() {
        return hits.sum();
    }

    public long misses() {
        return misses.sum();
    }

    public long writes() {
        return writes.sum();
    }

    public long expired() {
        return expired.sum();
    }

    public long evicted() {
        return evicted.sum();
    }
}
