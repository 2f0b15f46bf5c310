package jab.kv.persist;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import jab.kv.ByteKey;

/**
 * Writes the records of jab's files in RESP, as Redis's AOF holds them: each a command, an array of
 * bulk strings ({@code *3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n}), so a log is also a script
 * redis-cli could send to a Redis. Deadlines are absolute ({@code SET k v PXAT ms}), as Redis 7
 * rewrites EXPIRE and SET EX before it logs them, so a replay any time later keeps them. The bytes
 * accumulate in one reusable array until {@link #reset()}.
 */
final class RecordEncoder {
    private static final byte[] SET = ascii("SET");
    private static final byte[] PXAT = ascii("PXAT");
    private static final byte[] DEL = ascii("DEL");
    private static final byte[] FLUSHALL = ascii("FLUSHALL");

    private byte[] buf = new byte[256];
    private int len;

    /** SET key value, with PXAT expireAt when it is not 0. */
    RecordEncoder set(ByteKey key, byte[] value, long expireAt) {
        if (expireAt == 0) {
            header(3).bulk(SET).bulk(key.bytes()).bulk(value);
        } else {
            header(5).bulk(SET).bulk(key.bytes()).bulk(value).bulk(PXAT).bulk(ascii(Long.toString(expireAt)));
        }
        return this;
    }

    RecordEncoder del(ByteKey key) {
        return header(2).bulk(DEL).bulk(key.bytes());
    }

    RecordEncoder flushAll() {
        return header(1).bulk(FLUSHALL);
    }

    /** Any record: an array of these arguments. */
    RecordEncoder command(byte[]... args) {
        header(args.length);
        for (byte[] a : args) {
            bulk(a);
        }
        return this;
    }

    byte[] array() {
        return buf;
    }

    int length() {
        return len;
    }

    void reset() {
        len = 0;
    }

    private RecordEncoder header(int count) {
        return line('*', count);
    }

    private RecordEncoder bulk(byte[] b) {
        line('$', b.length);
        room(b.length + 2);
        System.arraycopy(b, 0, buf, len, b.length);
        len += b.length;
        buf[len++] = '\r';
        buf[len++] = '\n';
        return this;
    }

    private RecordEncoder line(char type, long n) {
        room(24);
        buf[len++] = (byte) type;
        if (n == 0) {
            buf[len++] = '0';
        } else {
            int start = len;
            for (long v = n; v > 0; v /= 10) {
                buf[len++] = (byte) ('0' + v % 10);
            }
            for (int i = start, j = len - 1; i < j; i++, j--) {
                byte t = buf[i];
                buf[i] = buf[j];
                buf[j] = t;
            }
        }
        buf[len++] = '\r';
        buf[len++] = '\n';
        return this;
    }

    private void room(int n) {
        if (len + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
