package jab.kv.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;

import jab.kv.KeyProbe;

/**
 * GET and SET without options, nearly every request a cache serves, run straight from the bytes that
 * arrived: when the input at the reader index is a whole {@code *2 $3 GET $n key} or
 * {@code *3 $3 SET $n key $m value}, in exactly that form (CRLF line ends, plain lengths), the key is
 * looked up through a {@link KeyProbe} and the reply written at once. No argument array, no copy of
 * the command name, no key object: a GET allocates nothing, a SET only the value it stores (and the key,
 * if new). Anything else, a command in pieces included, is left to {@link RequestParser}, which gives the
 * same answer more slowly, so this path changes the cost of a request, never its reply.
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
        long head = in.getLong(r);
        boolean get = head == GET_HEAD;
        if (!get && head != SET_HEAD) {
            return false;
        }
        int name = in.getInt(r + 8) & UPPER_CASE;
        if (name != (get ? GET_NAME : SET_NAME) || in.getByte(r + 12) != '\n') {
            return false;
        }
        int keyLength = length(in, r + 13, end, MAX_KEY);
        int key = at;
        if (keyLength < 0 || !crlf(in, key + keyLength, end)) {
            return false;
        }
        if (get) {
            in.getBytes(key, probe.buffer(keyLength), 0, keyLength);
            commands.get(probe.filled(keyLength), client, connection.out(ctx));
            in.readerIndex(key + keyLength + 2);
            return true;
        }
        int valueLength = length(in, key + keyLength + 2, end, MAX_VALUE);
        int value = at;
        if (valueLength < 0 || !crlf(in, value + valueLength, end)) {
            return false;
        }
        in.getBytes(key, probe.buffer(keyLength), 0, keyLength);
        byte[] v = new byte[valueLength];
        in.getBytes(value, v);
        commands.set(probe.filled(keyLength), v, client, connection.out(ctx));
        in.readerIndex(value + valueLength + 2);
        return true;
    }

    /**
     * The length in a "$digits\r\n" line at {@code i}, at most {@code max}, with {@link #at} set past
     * the line; -1 when the line is not there whole or not in the plain form (no sign, no leading zero).
     */
    private int length(ByteBuf in, int i, int end, int max) {
        if (i + 4 > end || in.getByte(i) != '$') {
            return -1;
        }
        int n = 0;
        int j = i + 1;
        for (; j < end; j++) {
            byte b = in.getByte(j);
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

    private static boolean crlf(ByteBuf in, int i, int end) {
        return i + 2 <= end && in.getByte(i) == '\r' && in.getByte(i + 1) == '\n';
    }
}
