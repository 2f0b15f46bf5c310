package jab.kv.server;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;

import jab.kv.KvException;
import jab.kv.Numbers;

/**
 * Reads one client's commands from what it sent: RESP2 arrays of bulk strings, and inline commands
 * (a line of words, as telnet sends). It keeps its place between reads, so an argument arriving in
 * pieces is not parsed again.
 *
 * <p>The memory held for a command grows with the bytes that arrived, never with the lengths the
 * client announced: {@code *65536} alone costs a few bytes (the argument array starts small and
 * doubles as arguments come), and an argument still arriving is copied out of Netty's buffer as it
 * comes ({@link ArrivingBulk}). Limits and error texts are Redis 7's (processMultibulkBuffer in networking.c):
 * proto-max-bulk-len, client-query-buffer-limit, and for a client that has not authenticated while a
 * password is set, at most 10 arguments of at most 16384 bytes.
 */
final class RequestParser {
    /** Redis's PROTO_INLINE_MAX_SIZE: the longest inline command, and the longest length line. */
    static final int MAX_LINE = 64 * 1024;
    static final int UNAUTHENTICATED_MAX_ARGS = 10;
    static final int UNAUTHENTICATED_MAX_BULK = 16384;
    /** What the JVM spends on one argument besides its bytes (array header, reference), roughly. */
    private static final int ARG_OVERHEAD = 20;
    private static final int FIRST_ARGS = 8;
    private static final byte[] EMPTY = new byte[0];

    /** Input the server does not take: the client gets {@code reply}, if not null, and is closed. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        final String reply;

        Refused(String reply) {
            super(reply, null, false, false); // a client's bad input: no stack trace to fill
            this.reply = reply;
        }
    }

    private final ServerConfig config;
    private final ClientState client;
    private final byte[] digits = new byte[20];

    // The array command in progress: null args means between commands.
    private byte[][] args;
    private int argc;
    private int expected;
    /** The announced length of the argument being read; -1 while its "$len" line is still to come. */
    private int bulkLength = -1;
    /** The argument being read when it arrives over several reads. */
    private ArrivingBulk arriving;
    /** Bytes held for the command so far: its arguments and their overhead. */
    private long held;

    RequestParser(ServerConfig config, ClientState client) {
        this.config = config;
        this.client = client;
    }

    /** Whether no command is in progress: the next byte starts a new one. */
    boolean betweenCommands() {
        return args == null;
    }

    /** The next complete command in {@code in}, consuming it; null when more input is needed. */
    byte[][] next(ByteBuf in) throws Refused {
        while (args == null) {
            if (!in.isReadable()) {
                return null;
            }
            if (in.getByte(in.readerIndex()) != '*') {
                byte[][] words = inline(in);
                if (words == null || words.length > 0) {
                    return words;
                }
            } else if (!arrayHeader(in)) {
                return null;
            }
            // an empty line, an empty or null array ("*0", "*-1"): nothing to run, as in Redis
        }
        return arguments(in);
    }

    /** "*count": starts an array command (none when count <= 0); false when the line is not complete. */
    private boolean arrayHeader(ByteBuf in) throws Refused {
        int eol = lineEnd(in, "too big mbulk count string");
        if (eol < 0) {
            return false;
        }
        long count = number(in, eol, "invalid multibulk length");
        if (count > Integer.MAX_VALUE) {
            throw protocolError("invalid multibulk length");
        }
        if (count > UNAUTHENTICATED_MAX_ARGS && !client.authenticated) {
            throw protocolError("unauthenticated multibulk length");
        }
        if (count > 0) {
            expected = (int) count;
            args = new byte[Math.min(expected, FIRST_ARGS)][];
        }
        return true;
    }

    private byte[][] arguments(ByteBuf in) throws Refused {
        while (argc < expected) {
            if (bulkLength < 0 && !bulkHeader(in)) {
                return null;
            }
            byte[] arg = bulk(in);
            if (arg == null) {
                return null;
            }
            if (argc == args.length) {
                args = Arrays.copyOf(args, (int) Math.min(expected, 2L * args.length));
            }
            args[argc++] = arg;
            bulkLength = -1;
        }
        byte[][] command = args; // full: its size reached the announced count
        args = null;
        argc = 0;
        expected = 0;
        held = 0;
        return command;
    }

    /** "$len"; false when the line is not complete. */
    private boolean bulkHeader(ByteBuf in) throws Refused {
        int eol = lineEnd(in, "too big bulk count string");
        if (eol < 0) {
            return false;
        }
        byte type = in.getByte(in.readerIndex());
        if (type != '$') {
            throw protocolError("expected '$', got '" + Commands.quote(new byte[] {type}, 1) + "'");
        }
        long len = number(in, eol, "invalid bulk length");
        if (len < 0 || len > Math.min(config.protoMaxBulkLen, ServerConfig.LARGEST_BULK)) {
            throw protocolError("invalid bulk length");
        }
        if (len > UNAUTHENTICATED_MAX_BULK && !client.authenticated) {
            throw protocolError("unauthenticated bulk length");
        }
        bulkLength = (int) len;
        return true;
    }

    /** The argument's bytes and their CRLF; null while they are still arriving. */
    private byte[] bulk(ByteBuf in) throws Refused {
        int n = bulkLength;
        if (arriving == null && in.readableBytes() >= n + 2) {
            // all here, the usual case: one copy of exactly its size
            hold(ARG_OVERHEAD + n);
            byte[] arg = n == 0 ? EMPTY : new byte[n];
            in.readBytes(arg);
            crlf(in);
            return arg;
        }
        if (arriving == null) {
            arriving = new ArrivingBulk(n);
            hold(ARG_OVERHEAD);
        }
        hold(arriving.take(in));
        if (!arriving.complete() || in.readableBytes() < 2) {
            return null;
        }
        crlf(in);
        byte[] arg = arriving.bytes();
        arriving = null;
        return arg;
    }

    /** Counts bytes about to be held; over client-query-buffer-limit the client is closed without a reply, as Redis does. */
    private void hold(long bytes) throws Refused {
        held += bytes;
        if (held > config.clientQueryBufferLimit) {
            throw new Refused(null);
        }
    }

    private void crlf(ByteBuf in) throws Refused {
        if (in.readByte() != '\r' || in.readByte() != '\n') {
            throw protocolError("expected CRLF after bulk");
        }
    }

    /** An inline command: the words of one line; null when the line is not complete. */
    private static byte[][] inline(ByteBuf in) throws Refused {
        int eol = in.forEachByte(in.readerIndex(), Math.min(in.readableBytes(), MAX_LINE + 2), ByteProcessor.FIND_LF);
        if (eol < 0) {
            if (in.readableBytes() > MAX_LINE) {
                throw protocolError("too big inline request");
            }
            return null;
        }
        int end = eol > in.readerIndex() && in.getByte(eol - 1) == '\r' ? eol - 1 : eol;
        List<byte[]> words = new ArrayList<>();
        int i = in.readerIndex();
        while (i < end) {
            while (i < end && isSpace(in.getByte(i))) {
                i++;
            }
            int start = i;
            while (i < end && !isSpace(in.getByte(i))) {
                i++;
            }
            if (i > start) {
                byte[] w = new byte[i - start];
                in.getBytes(start, w);
                words.add(w);
            }
        }
        in.readerIndex(eol + 1);
        return words.toArray(new byte[0][]);
    }

    /** The index of the LF ending the line at the reader index, or -1 while it has not arrived. */
    private static int lineEnd(ByteBuf in, String tooBig) throws Refused {
        int eol = in.forEachByte(in.readerIndex(), in.readableBytes(), ByteProcessor.FIND_LF);
        if (eol < 0 && in.readableBytes() > MAX_LINE) {
            throw protocolError(tooBig);
        }
        return eol;
    }

    /** The number after the type byte of the line ending at {@code eol} (CR optional), read as Redis's string2ll; consumes the line. */
    private long number(ByteBuf in, int eol, String invalid) throws Refused {
        int from = in.readerIndex() + 1;
        int end = eol > from && in.getByte(eol - 1) == '\r' ? eol - 1 : eol;
        in.readerIndex(eol + 1);
        int n = end - from;
        if (n > digits.length) {
            throw protocolError(invalid);
        }
        in.getBytes(from, digits, 0, n);
        try {
            return Numbers.parseLong(digits, n);
        } catch (KvException notANumber) {
            throw protocolError(invalid);
        }
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\r';
    }

    private static Refused protocolError(String what) {
        return new Refused("ERR Protocol error: " + what);
    }
}
