package jab.kv.server;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * One client connection: parses RESP2 arrays and inline commands from what arrived, runs each
 * command at once and appends its reply to one output buffer, which is written and flushed once per
 * batch read, not once per reply: pipelined clients get their replies in as few syscalls as they sent
 * requests. The write waits until the event loop has read every ready connection
 * ({@link PendingReplies}).
 *
 * <p>{@link RequestParser} reads the commands. Input beyond the limits of {@link ServerConfig}, or
 * that is not RESP, gets a Redis-worded protocol error and the connection is closed after the reply
 * is flushed; other connections are unaffected.
 */
final class RespConnection extends ByteToMessageDecoder {
    private final Commands commands;
    private final RequestParser parser;
    private final GetSetFastPath fast;
    final ClientState client;

    /** The most an output buffer may hold on to between batches ({@link SocketWrite}); larger ones are released. */
    private static final int KEPT_BUFFER = 16 * 1024;
    /**
     * Replies not written yet; allocated when there is one, so a connection that was never answered
     * holds none, and kept (up to {@link #KEPT_BUFFER}) once its replies were written at once.
     */
    private ByteBuf out;
    private boolean closing;
    /** Queued in {@link PendingReplies} for this event loop pass. */
    private boolean queued;

    RespConnection(Commands commands, ServerConfig config, ClientState client) {
        this.commands = commands;
        this.parser = new RequestParser(config, client);
        this.fast = new GetSetFastPath(commands, client);
        this.client = client;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> unused) {
        try {
            while (!closing) {
                // GET and SET straight from the bytes when whole and plain; anything else, and a command the
                // parser has begun, goes through the parser
                if (client.authenticated && parser.betweenCommands() && fast.run(in, this, ctx)) {
                    continue;
                }
                byte[][] command = parser.next(in);
                if (command == null) {
                    break;
                }
                if (commands.execute(command, client, out(ctx)) == Commands.Outcome.CLOSE) {
                    closing = true;
                }
            }
        } catch (RequestParser.Refused refused) {
            if (refused.reply != null) {
                Resp.error(out(ctx), refused.reply);
            }
            closing = true;
        }
        if (closing) {
            in.skipBytes(in.readableBytes()); // nothing after QUIT or a refusal is read
        }
    }

    ByteBuf out(ChannelHandlerContext ctx) {
        if (out == null) {
            out = ctx.alloc().ioBuffer(256);
        }
        return out;
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
        commands.durable(); // under appendfsync always, no reply leaves before the writes it acknowledges are forced
        if (out != null && out.isReadable()) {
            if (!closing && SocketWrite.writeNow(ctx.channel(), out)) {
                if (out.capacity() > KEPT_BUFFER) {
                    out.release(); // a large reply's buffer is not kept by an idle connection
                    out = null;
                } else {
                    out.clear();
                }
                return;
            }
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
