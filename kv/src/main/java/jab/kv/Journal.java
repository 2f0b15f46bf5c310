package jab.kv;

/**
 * Where a {@link KvStore} reports each change it makes, as the change's effect, not the command that
 * caused it: a key now holds a value (with its absolute deadline), a key is gone, all keys are gone.
 * Effects replay to the same state at any later time, whatever the clock says then (an INCR replayed
 * after its key's deadline would start again from 0; the value it produced does not).
 *
 * <p>The store calls it inside its shard's lock, before the change is visible, so the journal
 * sees the changes of one key in the order they happen. A journal that cannot record a change throws
 * a {@link KvException}: the change is then not made, and the client gets the exception's message.
 */
public interface Journal {
    /** {@code key} now holds {@code value}; {@code expireAt} is its deadline in epoch ms, 0 for none. */
    void stored(ByteKey key, byte[] value, long expireAt);

    /** {@code key} was removed (deleted or evicted). */
    void removed(ByteKey key);

    /** Every key was removed. */
    void flushed();
}
