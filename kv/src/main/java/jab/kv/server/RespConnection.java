package jab.kv.server;

import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ByteProcessor;

/**
 * One client connection: parses RESP2 arrays and inline commands from what arrived, runs each
 * command at once and appends its reply to one output buffer, which is written and flushed once per
 * batch read, not once per reply: pipelined clients get their replies in as few syscalls as they sent
 * requests. The write waits until the event loop has read every ready connection
 * ({@link PendingReplies}).
 *
 * <p>The parser keeps its place between reads (array size, arguments so far, the bulk length
 * expected), so a large argument arriving in pieces is not re-parsed. Input beyond the limits of
 * {@link ServerConfig}, or that is not RESP, gets a Redis-worded protocol error and the connection
 * is closed after the reply is flushed; other connections are unaffected.
 */
final class RespConnection extends ByteToMessageDecoder {
    private final Commands commands;
    private final ServerConfig config;
    final ClientState client;

    private ByteBuf out;
    private boolean closing;
    /** Queued in {@link PendingReplies} for this event loop pass. */
    private boolean queued;

    // Parser state for an array command in progress.
    private byte[][] args;
    private int argIndex;
    private int bulkLength = -1;
    private long commandBytes;

    RespConnection(Commands commands, ServerConfig config, ClientState client) {
        this.commands = commands;
        this.config = config;
        this.client = client;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> unused) {
        if (closing) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (out == null) {
            out = ctx.alloc().ioBuffer(256);
        }
        while (in.isReadable() && !closing) {
            if (args == null) {
                byte first = in.getByte(in.readerIndex());
                boolean complete = first == '*' ? startArray(in) : inline(in);
                if (!complete) {
                    return;
                }
            } else if (!readArgs(in)) {
                return;
            }
        }
    }

    /** Reads "*N\r\n"; false when the line is not complete yet. */
    private boolean startArray(ByteBuf in) {
        int eol = in.forEachByte(in.readerIndex(), in.readableBytes(), ByteProcessor.FIND_LF);
        if (eol < 0) {
            if (in.readableBytes() > config.maxInline) {
                protocolError("too big mbulk count string");
            }
            return false;
        }
        long n = parseLength(in, in.readerIndex() + 1, eol);
        in.readerIndex(eol + 1);
        if (n == Long.MIN_VALUE || n > config.maxArgs) {
            protocolError("invalid multibulk length");
            return true;
        }
        if (n <= 0) {
            return true; // Redis ignores empty and null arrays
        }
        args = new byte[(int) n][];
        argIndex = 0;
        bulkLength = -1;
        commandBytes = 0;
        return true;
    }

    /** Reads "$len\r\n<bytes>\r\n" arguments until the array is complete; false when waiting for input. */
    private boolean readArgs(ByteBuf in) {
        while (argIndex < args.length) {
            if (bulkLength < 0) {
                if (!in.isReadable()) {
                    return false;
                }
                int eol = in.forEachByte(in.readerIndex(), in.readableBytes(), ByteProcessor.FIND_LF);
                if (eol < 0) {
                    if (in.readableBytes() > config.maxInline) {
                        protocolError("too big bulk count string");
                    }
                    return false;
                }
                byte type = in.getByte(in.readerIndex());
                if (type != '$') {
                    protocolError("expected '$', got '" + printable(type) + "'");
                    return true;
                }
                long len = parseLength(in, in.readerIndex() + 1, eol);
                in.readerIndex(eol + 1);
                commandBytes += Math.max(0, len);
                if (len < 0 || len > config.maxBulk || commandBytes > config.maxCommandBytes) {
                    protocolError("invalid bulk length");
                    return true;
                }
                bulkLength = (int) len;
            }
            if (in.readableBytes() < bulkLength + 2) {
                return false;
            }
            byte[] arg = new byte[bulkLength];
            in.readBytes(arg);
            if (in.readByte() != '\r' || in.readByte() != '\n') {
                protocolError("expected CRLF after bulk");
                return true;
            }
            args[argIndex++] = arg;
            bulkLength = -1;
        }
        byte[][] command = args;
        args = null;
        execute(command);
        return true;
    }

    /** An inline command: one line of space-separated words (telnet, simple scripts). */
    private boolean inline(ByteBuf in) {
        int eol = in.forEachByte(in.readerIndex(), Math.min(in.readableBytes(), config.maxInline + 2), ByteProcessor.FIND_LF);
        if (eol < 0) {
            if (in.readableBytes() > config.maxInline) {
                protocolError("too big inline request");
            }
            return false;
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
        if (!words.isEmpty()) {
            execute(words.toArray(new byte[0][]));
        }
        return true;
    }

    private void execute(byte[][] command) {
        Commands.Outcome o = commands.execute(command, client, out);
        if (o == Commands.Outcome.CLOSE) {
            closing = true;
        }
    }

    private void protocolError(String what) {
        Resp.error(out, "ERR Protocol error: " + what);
        closing = true;
        args = null;
    }

    /** A decimal length between {@code from} and the LF at {@code eol} (CR optional); MIN_VALUE if malformed. */
    private static long parseLength(ByteBuf in, int from, int eol) {
        int end = eol > from && in.getByte(eol - 1) == '\r' ? eol - 1 : eol;
        if (end <= from || end - from > 19) {
            return Long.MIN_VALUE;
        }
        boolean neg = in.getByte(from) == '-';
        long n = 0;
        for (int i = neg ? from + 1 : from; i < end; i++) {
            int d = in.getByte(i) - '0';
            if (d < 0 || d > 9) {
                return Long.MIN_VALUE;
            }
            n = n * 10 + d;
        }
        return neg ? -n : n;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\r';
    }

    private static String printable(byte b) {
        return b >= 32 && b < 127 ? String.valueOf((char) b) : String.format("\\x%02x", b & 0xff);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        super.channelReadComplete(ctx);
        if (!queued && ((out != null && out.isReadable()) || closing)) {
            queued = true;
            PendingReplies.add(this, ctx);
        }
    }

    /** Writes and flushes what this connection's reads produced (run by {@link PendingReplies}). */
    void writePending(ChannelHandlerContext ctx) {
        queued = false;
        if (out != null && out.isReadable()) {
            ByteBuf batch = out;
            out = null;
            if (closing) {
                ctx.writeAndFlush(batch).addListener(ChannelFutureListener.CLOSE);
            } else {
                ctx.writeAndFlush(batch, ctx.voidPromise());
            }
        } else if (closing) {
            ctx.close();
        }
    }

    /** Back-pressure: a client that does not read its replies stops being read, so replies cannot pile up. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        super.channelWritabilityChanged(ctx);
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        if (out != null) {
            out.release();
            out = null;
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // a reset connection; nothing to tell the client
    }
}
