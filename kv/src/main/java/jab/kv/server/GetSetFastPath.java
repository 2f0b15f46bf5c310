package jab.kv.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.internal.PlatformDependent;

import jab.kv.KeyProbe;

/**
 * GET and SET without options, nearly every request a cache serves, run straight from the bytes that
 * arrived: when the input at the reader index is a whole {@code *2 $3 GET $n key} or
 * {@code *3 $3 SET $n key $m value}, in exactly that form (CRLF line ends, plain lengths), the key is
 * looked up through a {@link KeyProbe} and the reply written at once. No argument array, no copy of
 * the command name, no key object: a GET allocates nothing, a SET only the value it stores (and the key,
 * if new). Anything else, a command in pieces included, is left to {@link RequestParser}, which gives the
 * same answer more slowly, so this path changes the cost of a request, never its reply.
 *
 * <p>Where the input has a memory address (Netty's direct buffers, where it can use Unsafe) its bytes
 * are read at that address, as Redis reads its query buffer, not through the buffer's checked
 * accessors: every read below is of an index already known to be below the writer index.
 */
final class GetSetFastPath {
    /** "*2\r\n$3\r\n" and "*3\r\n$3\r\n" as big-endian longs: the array header and the name's length line. */
    private static final long GET_HEAD = head('2');
    private static final long SET_HEAD = head('3');
    /** "GET\r" and "SET\r" as big-endian ints, compared with the letters' case bit cleared. */
    private static final int GET_NAME = 'G' << 24 | 'E' << 16 | 'T' << 8 | '\r';
    private static final int SET_NAME = 'S' << 24 | 'E' << 16 | 'T' << 8 | '\r';
    private static final int UPPER_CASE = 0xDFDFDF_FF;
    /** Longer keys and values are rare: the general parser reads them. */
    static final int MAX_KEY = 1024;
    static final int MAX_VALUE = 64 * 1024;

    private final Commands commands;
    private final ClientState client;
    private final KeyProbe probe = new KeyProbe();
    /** Where the last length line ended, as {@link #length} leaves it. */
    private int at;
    /** The address of index 0 of the input being read, or 0 to read it through the ByteBuf. */
    private long address;

    GetSetFastPath(Commands commands, ClientState client) {
        this.commands = commands;
        this.client = client;
    }

    private static long head(char count) {
        long h = 0;
        for (char c : new char[] {'*', count, '\r', '\n', '$', '3', '\r', '\n'}) {
            h = h << 8 | c;
        }
        return h;
    }

    /**
     * Runs the GET or SET at the reader index and consumes it, its reply written to the connection's
     * output (allocated only then: a connection that sent nothing whole holds none);
     * false, consuming nothing, when the input there is anything else or not all here yet.
     */
    boolean run(ByteBuf in, RespConnection connection, ChannelHandlerContext ctx) {
        int r = in.readerIndex();
        int end = in.writerIndex();
        if (end - r < 14 + 4) { // the shortest: *2 $3 GET $1 k
            return false;
        }
        address = UNSAFE && in.hasMemoryAddress() ? in.memoryAddress() : 0;
        long head = getLong(in, r);
        boolean get = head == GET_HEAD;
        if (!get && head != SET_HEAD) {
            return false;
        }
        int name = getInt(in, r + 8) & UPPER_CASE;
        if (name != (get ? GET_NAME : SET_NAME) || getByte(in, r + 12) != '\n') {
            return false;
        }
        int keyLength = length(in, r + 13, end, MAX_KEY);
        int key = at;
        if (keyLength < 0 || !crlf(in, key + keyLength, end)) {
            return false;
        }
        if (get) {
            getBytes(in, key, probe.buffer(keyLength), keyLength);
            commands.get(probe.filled(keyLength), client, connection.out(ctx));
            in.readerIndex(key + keyLength + 2);
            return true;
        }
        int valueLength = length(in, key + keyLength + 2, end, MAX_VALUE);
        int value = at;
        if (valueLength < 0 || !crlf(in, value + valueLength, end)) {
            return false;
        }
        getBytes(in, key, probe.buffer(keyLength), keyLength);
        byte[] v = new byte[valueLength];
        getBytes(in, value, v, valueLength);
        commands.set(probe.filled(keyLength), v, client, connection.out(ctx));
        in.readerIndex(value + valueLength + 2);
        return true;
    }

    /**
     * The length in a "$digits\r\n" line at {@code i}, at most {@code max}, with {@link #at} set past
     * the line; -1 when the line is not there whole or not in the plain form (no sign, no leading zero).
     */
    private int length(ByteBuf in, int i, int end, int max) {
        if (i + 4 > end || getByte(in, i) != '$') {
            return -1;
        }
        int n = 0;
        int j = i + 1;
        for (; j < end; j++) {
            byte b = getByte(in, j);
            if (b == '\r') {
                break;
            }
            if (b < '0' || b > '9' || n == 0 && j > i + 1 || (n = n * 10 + (b - '0')) > max) {
                return -1;
            }
        }
        if (j == i + 1 || !crlf(in, j, end)) {
            return -1;
        }
        at = j + 2;
        return n;
    }

    private boolean crlf(ByteBuf in, int i, int end) {
        return i + 2 <= end && getByte(in, i) == '\r' && getByte(in, i + 1) == '\n';
    }

    // The input's bytes at an index below its writer index: at the address when there is one.

    /** Unaligned loads too: the key and value lines sit at any offset. */
    static final boolean UNSAFE = PlatformDependent.hasUnsafe() && PlatformDependent.isUnaligned();
    private static final boolean NATIVE_BIG_ENDIAN = PlatformDependent.BIG_ENDIAN_NATIVE_ORDER;

    private byte getByte(ByteBuf in, int i) {
        return address != 0 ? PlatformDependent.getByte(address + i) : in.getByte(i);
    }

    /** Big-endian, as ByteBuf.getInt. */
    private int getInt(ByteBuf in, int i) {
        if (address == 0) {
            return in.getInt(i);
        }
        int v = PlatformDependent.getInt(address + i);
        return NATIVE_BIG_ENDIAN ? v : Integer.reverseBytes(v);
    }

    /** Big-endian, as ByteBuf.getLong. */
    private long getLong(ByteBuf in, int i) {
        if (address == 0) {
            return in.getLong(i);
        }
        long v = PlatformDependent.getLong(address + i);
        return NATIVE_BIG_ENDIAN ? v : Long.reverseBytes(v);
    }

    private void getBytes(ByteBuf in, int i, byte[] dst, int length) {
        if (address != 0) {
            PlatformDependent.copyMemory(address + i, dst, 0, length);
        } else {
            in.getBytes(i, dst, 0, length);
        }
    }
}
