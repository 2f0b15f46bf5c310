package jab.kv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * One shard's keys and values: an open-addressing table (linear probing) of the key's bytes and the
 * stored value, side by side in one array, with a one-byte tag of each key's hash in another (as
 * SwissTable's control bytes: a probe compares key bytes only when the tags match, one time in 256
 * for another key). It replaces a ConcurrentHashMap of ByteKey to value because a key there cost a
 * node (32 bytes), a ByteKey (24) and the table slot, on top of its two arrays: 144 bytes for a
 * 16-byte key with a 32-byte value. Here the key is its byte array alone and a slot 9 bytes, about
 * 100 bytes per such key (issue 36: RSS per key right after a load, against Redis's).
 *
 * <p>Reads take no lock: a key's slot, once set, holds that key until the next rehash (a removed key
 * leaves its key bytes and a null value, and comes back to the same slot), values are written with
 * release and read with acquire, and a rehash publishes a new {@link Slots} through a volatile field.
 * Writes must hold this table's monitor ({@code synchronized (table)}): the store makes its
 * read-modify-write operations (SET NX, INCR, the journal's order of changes) atomic with it.
 */
final class KeyTable {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final int MIN_CAPACITY = 16;

    /** One generation of the table: replaced as a whole by a rehash, never resized in place. */
    static final class Slots {
        /** Key bytes at 2i, value at 2i + 1; a null key is a free slot, a null value a removed key. */
        final Object[] kv;
        /** Bits of each key's mixed hash other than those that chose its home slot; 0 in a free slot. */
        final byte[] tags;
        final int mask;

        Slots(int capacity) {
            kv = new Object[2 * capacity];
            tags = new byte[capacity];
            mask = capacity - 1;
        }

        int capacity() {
            return tags.length;
        }

        byte[] key(int i) {
            return (byte[]) SLOT.getAcquire(kv, 2 * i);
        }

        Object value(int i) {
            return SLOT.getAcquire(kv, 2 * i + 1);
        }
    }

    private volatile Slots slots = new Slots(MIN_CAPACITY);
    /** Keys with a value. */
    private volatile int size;
    /** Slots with a key, removed ones included: what fills the table until a rehash. */
    private int used;

    /**
     * A finaliser mix of the key's hash (whose other mix chose the shard): its low bits give the home
     * slot, its top byte the tag.
     */
    private static int mix(int hash) {
        int h = hash;
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        return h;
    }

    private static byte tag(int mixed) {
        return (byte) (mixed >>> 24);
    }

    /**
     * The stored value of the first {@code length} bytes of {@code key}, or null. Lock-free. Here and
     * below, {@code hash} is Arrays.hashCode of those bytes, as {@link ByteKey} and {@link KeyProbe}
     * hash: a rehash computes it again from the stored keys.
     */
    Object get(byte[] key, int length, int hash) {
        Slots t = slots;
        int i = find(t, key, length, hash);
        return i < 0 ? null : t.value(i);
    }

    /** The slot that holds the key in {@code t}, or -1. */
    private static int find(Slots t, byte[] key, int length, int hash) {
        Object[] kv = t.kv;
        byte[] tags = t.tags;
        int mask = t.mask;
        int mixed = mix(hash);
        byte tag = tag(mixed);
        for (int i = mixed & mask; ; i = i + 1 & mask) {
            if (tags[i] == tag) {
                byte[] k = t.key(i);
                if (k == null) {
                    return -1; // a free slot (a tag of 0 matches the free slots' 0)
                }
                if (Arrays.equals(k, 0, k.length, key, 0, length)) {
                    return i;
                }
            } else if (kv[2 * i] == null) {
                return -1; // a plain read: a key being added meanwhile may be missed, as if read just before
            }
        }
    }

    /**
     * Stores {@code value} (not null) for the key and returns the value it replaces (null if none).
     * A new key keeps {@code key} itself when {@code owned} and exactly {@code length} long, else a copy.
     * Caller holds the monitor.
     */
    Object put(byte[] key, int length, int hash, boolean owned, Object value) {
        Slots t = slots;
        int i = find(t, key, length, hash);
        if (i >= 0) {
            Object old = t.value(i);
            SLOT.setRelease(t.kv, 2 * i + 1, value);
            if (old == null) {
                size++;
            }
            return old;
        }
        if (used + 1 > t.capacity() - (t.capacity() >>> 2)) { // over 3/4 full
            t = rehash(size + 1);
        }
        byte[] k = owned && key.length == length ? key : Arrays.copyOf(key, length);
        int mixed = mix(hash);
        int j = mixed & t.mask;
        while (t.kv[2 * j] != null) {
            j = j + 1 & t.mask;
        }
        t.kv[2 * j + 1] = value;
        t.tags[j] = tag(mixed);
        SLOT.setRelease(t.kv, 2 * j, k); // last: a reader that sees the key sees its tag and value
        used++;
        size++;
        return null;
    }

    /** Removes the key; returns its value, or null if it had none. Caller holds the monitor. */
    Object remove(byte[] key, int length, int hash) {
        Slots t = slots;
        int i = find(t, key, length, hash);
        if (i < 0) {
            return null;
        }
        Object old = t.value(i);
        if (old != null) {
            SLOT.setRelease(t.kv, 2 * i + 1, null);
            size--;
            int removed = used - size;
            if (removed > t.capacity() >>> 2 && removed > size) {
                rehash(size); // a removed key's bytes stay in its slot until a rehash: do not keep many
            }
        }
        return old;
    }

    int size() {
        return size;
    }

    /** The current generation, for a weakly consistent walk: each slot's key, then its value if not null. */
    Slots slots() {
        return slots;
    }

    /** Caller holds the monitor. */
    void clear() {
        slots = new Slots(MIN_CAPACITY);
        used = 0;
        size = 0;
    }

    /**
     * A new generation for {@code live} keys at most half full (so a key removed and another added
     * does not rehash every time), the live keys copied over, removed ones dropped.
     */
    private Slots rehash(int live) {
        int capacity = MIN_CAPACITY;
        while (capacity < 2 * live) {
            capacity <<= 1;
        }
        Slots from = slots;
        Slots to = new Slots(capacity);
        int n = 0;
        for (int i = 0; i < from.capacity(); i++) {
            Object v = from.kv[2 * i + 1];
            if (v != null) {
                byte[] k = (byte[]) from.kv[2 * i];
                int mixed = mix(Arrays.hashCode(k)); // ByteKey's hash, recomputed: a rehash is rare
                int j = mixed & to.mask;
                while (to.kv[2 * j] != null) {
                    j = j + 1 & to.mask;
                }
                to.kv[2 * j] = k;
                to.kv[2 * j + 1] = v;
                to.tags[j] = tag(mixed);
                n++;
            }
        }
        used = n;
        slots = to; // volatile: readers of the new generation see it filled
        return to;
    }
}
