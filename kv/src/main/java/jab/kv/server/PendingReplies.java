package jab.kv.server;

import java.util.ArrayList;
import java.util.List;

import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * The connections of one event loop that have replies waiting, written together once the loop has
 * read from every connection that was ready, as Redis does before it sleeps (handleClientsWithPendingWrites)
 * instead of one write per connection as soon as its read completes. Under many clients the replies
 * then leave in a burst, so a client (redis-benchmark is a single thread) finds more of its
 * connections ready per wake-up.
 *
 * <p>On an epoll loop {@link BeforeWait} writes them just before the loop waits again. Elsewhere
 * (NIO, io_uring) a task does, which Netty runs after it has handled all the I/O events of one wake-up.
 */
final class PendingReplies implements Runnable {
    private static final FastThreadLocal<PendingReplies> PER_LOOP = new FastThreadLocal<>() {
        @Override
        protected PendingReplies initialValue() {
            return new PendingReplies();
        }
    };

    private final List<RespConnection> connections = new ArrayList<>();
    private final List<ChannelHandlerContext> contexts = new ArrayList<>();
    private boolean scheduled;
    /** Set by {@link BeforeWait}: this loop writes the replies before it waits, no task needed. */
    private boolean writtenBeforeWait;

    private PendingReplies() {
    }

    /** The replies waiting on the calling event loop. */
    static PendingReplies onThisLoop() {
        return PER_LOOP.get();
    }

    /** Called on the event loop of {@code ctx}: writes the connection's replies after this pass. */
    static void add(RespConnection connection, ChannelHandlerContext ctx) {
        PendingReplies p = PER_LOOP.get();
        p.connections.add(connection);
        p.contexts.add(ctx);
        if (!p.writtenBeforeWait && !p.scheduled) {
            p.scheduled = true;
            ctx.executor().execute(p);
        }
    }

    /** From now on this loop calls {@link #write()} itself before each wait. */
    void writtenBeforeWait() {
        writtenBeforeWait = true;
    }

    @Override
    public void run() {
        write();
    }

    /** Writes every waiting connection's replies; returns how many connections there were. */
    int write() {
        scheduled = false;
        int n = connections.size();
        // by index, not iterator: a flush may not add here, but stay safe if it ever does
        for (int i = 0; i < connections.size(); i++) {
            connections.get(i).writePending(contexts.get(i));
        }
        connections.clear();
        contexts.clear();
        return n;
    }
}
