package jab.kv.server;

import java.util.concurrent.locks.LockSupport;

import io.netty.channel.SelectStrategy;
import io.netty.util.IntSupplier;

/**
 * What the server's epoll loops do each time before they look for ready connections: write the
 * replies of the pass just ended ({@link PendingReplies}), as Redis writes them in beforeSleep; then,
 * when {@link Coalescing} says so, pause and take what is ready without waiting; else choose as
 * Netty's default strategy does (wait when no task is queued, else only poll).
 *
 * <p>The replies are written here rather than by a task because every pass that runs a task makes
 * Netty read the clock four times (runAllTasks' deadline and active time), besides the queue's offer
 * and poll: under redis-benchmark GET -c 50 -P 1 (perf record, server pinned), clock_gettime was
 * 0.31 us of the server's ~8.4 us per request, its largest user-space cost; 0.19 us once written here
 * (Netty still reads the clock twice per blocking wait). A write that falls back to Netty's queue, or
 * a close, may queue tasks: Netty checks for tasks again before it blocks, so they run first.
 */
final class BeforeWait implements SelectStrategy {
    private final Coalescing coalescing = new Coalescing();
    private PendingReplies replies;

    @Override
    public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
        if (replies == null) { // first call, on the loop's thread, before it has read anything
            replies = PendingReplies.onThisLoop();
            replies.writtenBeforeWait();
        }
        int answered = replies.write();
        if (hasTasks) {
            return selectNow.get();
        }
        if (coalescing.pauseAfter(answered)) {
            LockSupport.parkNanos(Coalescing.PAUSE_NANOS);
            int ready = selectNow.get();
            if (ready > 0) {
                return ready;
            }
        }
        return SelectStrategy.SELECT;
    }
}
