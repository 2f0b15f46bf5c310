package jab.kv.server;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.util.internal.PlatformDependent;

/** RESP2 replies written straight into the connection's output buffer. */
final class Resp {
    private static final byte[] CRLF = {'\r', '\n'};
    static final byte[] OK = "+OK\r\n".getBytes(StandardCharsets.US_ASCII);
    static final byte[] PONG = "+PONG\r\n".getBytes(StandardCharsets.US_ASCII);
    static final byte[] NULL_BULK = "$-1\r\n".getBytes(StandardCharsets.US_ASCII);
    static final byte[] EMPTY_ARRAY = "*0\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[][] SMALL_INTS = new byte[256][];
    /** "$n\r\n" for the lengths of most values: a GET's reply header copied, not formatted per request. */
    private static final byte[][] BULK_HEADS = new byte[1024][];
    private static final int CRLF_SHORT = '\r' << 8 | '\n';

    static {
        for (int i = 0; i < SMALL_INTS.length; i++) {
            SMALL_INTS[i] = (":" + i + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
        for (int i = 0; i < BULK_HEADS.length; i++) {
            BULK_HEADS[i] = ("$" + i + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
    }

    private Resp() {
    }

    static void raw(ByteBuf out, byte[] bytes) {
        append(out, bytes);
    }

    /**
     * Appends {@code bytes}: copied straight to the buffer's memory where it has an address (one copy,
     * as Redis's memcpy into its reply buffer), not through writeBytes, which goes through a
     * ByteBuffer view of Netty's direct buffers (measured: writing "+OK" took 3% of the server's
     * user time under SET -P 1).
     */
    private static void append(ByteBuf out, byte[] bytes) {
        int n = bytes.length;
        out.ensureWritable(n);
        if (GetSetFastPath.UNSAFE && out.hasMemoryAddress()) {
            int w = out.writerIndex();
            PlatformDependent.copyMemory(bytes, 0, out.memoryAddress() + w, n);
            out.writerIndex(w + n);
        } else {
            out.writeBytes(bytes);
        }
    }

    static void simple(ByteBuf out, String s) {
        out.writeByte('+');
        out.writeCharSequence(s, StandardCharsets.US_ASCII);
        out.writeBytes(CRLF);
    }

    /**
     * An error reply; {@code message} starts with its code (ERR, NOAUTH, WRONGPASS, OOM) and has one
     * char per byte (ISO-8859-1, see {@link Commands#quote}). CR and LF become spaces, as Redis makes
     * them (addReplyErrorFormat): a client's bytes quoted in it cannot end the line and forge a reply.
     */
    static void error(ByteBuf out, String message) {
        out.writeByte('-');
        out.writeCharSequence(message.replace('\r', ' ').replace('\n', ' '), StandardCharsets.ISO_8859_1);
        out.writeBytes(CRLF);
    }

    static void integer(ByteBuf out, long n) {
        if (n >= 0 && n < SMALL_INTS.length) {
            out.writeBytes(SMALL_INTS[(int) n]);
            return;
        }
        out.writeByte(':');
        decimal(out, n);
        out.writeBytes(CRLF);
    }

    static void bulk(ByteBuf out, byte[] value) {
        if (value == null) {
            append(out, NULL_BULK);
            return;
        }
        if (value.length < BULK_HEADS.length) {
            append(out, BULK_HEADS[value.length]);
        } else {
            out.writeByte('$');
            decimal(out, value.length);
            out.writeBytes(CRLF);
        }
        append(out, value);
        out.writeShort(CRLF_SHORT);
    }

    static void bulk(ByteBuf out, String value) {
        bulk(out, value.getBytes(StandardCharsets.UTF_8));
    }

    static void arrayHeader(ByteBuf out, int n) {
        out.writeByte('*');
        decimal(out, n);
        out.writeBytes(CRLF);
    }

    private static void decimal(ByteBuf out, long n) {
        out.writeCharSequence(Long.toString(n), StandardCharsets.US_ASCII);
    }
}
