package jab.kv;

import java.util.Arrays;

/**
 * A key looked up by its bytes without making a {@link ByteKey}: one reusable buffer per connection,
 * filled with the key's bytes as they arrived, hashed as ByteKey hashes. GET and the SET of an
 * existing key then allocate no key at all (a ByteKey and its array per request otherwise).
 *
 * <p>The store's tables look a key up by its bytes, length and hash, which the probe gives without a
 * copy. The probe is never stored: a new key is copied from it. Not thread-safe; refilled per request.
 */
public final class KeyProbe {
    private byte[] bytes = new byte[32];
    private int length;
    private int hash;

    /** The buffer {@link #fill} copies into, at least {@code length} long: write the key's bytes here. */
    public byte[] buffer(int length) {
        if (bytes.length < length) {
            bytes = new byte[Math.max(length, 2 * bytes.length)];
        }
        return bytes;
    }

    /** The key is now the first {@code length} bytes of {@link #buffer}: hashed as {@link ByteKey} hashes (Arrays.hashCode). */
    public KeyProbe filled(int length) {
        int h = 1;
        byte[] b = bytes;
        for (int i = 0; i < length; i++) {
            h = 31 * h + b[i];
        }
        this.length = length;
        this.hash = h;
        return this;
    }

    /** The buffer: the key is its first {@link #length()} bytes. */
    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    /** A key of these bytes to store: its own copy, the hash carried over. */
    public ByteKey toKey() {
        return new ByteKey(Arrays.copyOf(bytes, length), hash);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ByteKey)) {
            return false;
        }
        ByteKey k = (ByteKey) o;
        return k.hashCode() == hash && Arrays.equals(k.bytes(), 0, k.length(), bytes, 0, length);
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, java.nio.charset.StandardCharsets.UTF_8);
    }
}
