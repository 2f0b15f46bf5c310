package jab.kv.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * One client of the load: sends a batch of {@code pipeline} GETs and SETs, counts the replies as they
 * arrive ({@link ReplyCounter}), and when all are in sends the next batch: at once (closed loop) or
 * when it is due (open loop; a batch's latency then runs from when it was due, so a server that held
 * the client back is charged for it). Everything runs on the connection's event loop; the figures go
 * to that loop's {@link LoopFigures}.
 */
final class LoadConnection extends ChannelInboundHandlerAdapter implements ReplyCounter.Listener {
    /** What all connections of one run share: the keys, the value, the clock, the outcome. */
    interface Run {
        LoadConfig config();

        byte[][] keyBulks();

        byte[] valueBulk();

        long startNanos();

        long measureFromNanos();

        long endNanos();

        LoopFigures figures(ChannelHandlerContext ctx);

        /** This connection is done: after its last batch ({@code failure} null) or because it failed. */
        void finished(Throwable failure);
    }

    private final Run run;
    private final SplittableRandom random;
    private final long intervalNanos;
    private final ReplyCounter replies = new ReplyCounter();
    private final int id;
    private ChannelHandlerContext ctx;
    private LoopFigures figures;
    private long due;
    private long sent;
    private int outstanding;
    private boolean authenticating;
    private boolean finished;

    LoadConnection(Run run, int id) {
        this.run = run;
        LoadConfig c = run.config();
        this.random = new SplittableRandom(c.seed * 1_000_003L + id);
        double batchesPerSecond = c.rate > 0 ? c.rate / c.clients / c.pipeline : 0;
        this.intervalNanos = batchesPerSecond > 0 ? Math.max(1, (long) (1e9 / batchesPerSecond)) : 0;
        this.id = id;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** Starts the connection's traffic (AUTH first when the server wants a password); on its event loop. */
    void begin() {
        figures = run.figures(ctx);
        // open loop: the clients' first batches spread over the first interval
        due = run.startNanos() + (intervalNanos > 0 ? intervalNanos * id / run.config().clients : 0);
        String password = run.config().password;
        if (password != null && !password.isEmpty()) {
            authenticating = true;
            ByteBuf b = ctx.alloc().ioBuffer();
            b.writeBytes("*2\r\n$4\r\nAUTH\r\n".getBytes(StandardCharsets.US_ASCII));
            b.writeBytes(RespClient.bulk(password.getBytes(StandardCharsets.UTF_8)));
            ctx.writeAndFlush(b);
            return;
        }
        next();
    }

    /** The next batch: now, when it is due, or none once the run's time is up. */
    private void next() {
        long now = System.nanoTime();
        if (intervalNanos > 0 && now < due) {
            ctx.executor().schedule(this::next, due - now, TimeUnit.NANOSECONDS);
            return;
        }
        if (now >= run.endNanos()) {
            finish(null);
            return;
        }
        LoadConfig c = run.config();
        byte[][] keys = run.keyBulks();
        ByteBuf b = ctx.alloc().ioBuffer();
        for (int i = 0; i < c.pipeline; i++) {
            byte[] key = keys[random.nextInt(keys.length)];
            if (random.nextDouble() < c.getRatio) {
                b.writeBytes(RespClient.GET).writeBytes(key);
            } else {
                b.writeBytes(RespClient.SET).writeBytes(key).writeBytes(run.valueBulk());
            }
        }
        sent = intervalNanos > 0 ? due : System.nanoTime();
        outstanding = c.pipeline;
        ctx.writeAndFlush(b);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            replies.feed(in, this);
        } finally {
            in.release();
        }
    }

    @Override
    public void reply(boolean ok) {
        if (authenticating) {
            authenticating = false;
            if (!ok) {
                finish(new IOException("AUTH refused by the server"));
            } else {
                next();
            }
            return;
        }
        if (sent >= run.measureFromNanos()) {
            figures.record(System.nanoTime() - sent, ok);
        }
        if (--outstanding == 0) {
            due += intervalNanos;
            next();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        finish(new IOException("connection closed by server"));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        finish(cause);
    }

    private void finish(Throwable failure) {
        if (finished) {
            return;
        }
        finished = true;
        run.finished(failure);
        ctx.close();
    }
}
