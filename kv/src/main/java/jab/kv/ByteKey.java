package jab.kv;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A binary-safe key: the bytes as given, compared by content. The hash is computed once, because
 * a key is hashed twice per operation (shard choice, then the shard's map).
 */
public final class ByteKey {
    private final byte[] bytes;
    private final int hash;

    /** Takes ownership of {@code bytes}: the caller must not change them afterwards. */
    public ByteKey(byte[] bytes) {
        this(bytes, Arrays.hashCode(bytes));
    }

    /** With the hash already computed over the same bytes ({@link KeyProbe}). */
    ByteKey(byte[] bytes, int hash) {
        this.bytes = bytes;
        this.hash = hash;
    }

    public static ByteKey of(String s) {
        return new ByteKey(s.getBytes(StandardCharsets.UTF_8));
    }

    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return bytes.length;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ByteKey)) {
            return false;
        }
        ByteKey k = (ByteKey) o;
        return hash == k.hash && Arrays.equals(bytes, k.bytes);
    }

    @Override
    public String toString() {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
