package jab.bench.kv;

import jab.kv.ByteKey;

/**
 * What the kv benchmarks measure, behind one small interface: jab's store or a plain ConcurrentHashMap,
 * chosen by the benchmarks' {@code impl} param through {@link KvImpl}. Both benchmark classes replay
 * the same {@link KvWorkload} through these calls, so the two implementations do the same work by
 * construction.
 *
 * <p>Each JMH fork runs one impl, so every call site on a KvMap sees one receiver class in that fork:
 * C2 inlines it behind a class check (a monomorphic call), and the interface costs nothing measurable.
 */
public interface KvMap extends AutoCloseable {
    /** The value of the key, or null when there is none. */
    byte[] get(ByteKey key);

    /** Stores the value, replacing any value the key had. */
    void set(ByteKey key, byte[] value);

    /** Removes the key; whether it was there. */
    boolean del(ByteKey key);

    @Override
    void close();
}
