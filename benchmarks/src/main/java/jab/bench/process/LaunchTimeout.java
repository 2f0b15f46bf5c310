package jab.bench.process;

import java.io.IOException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The bound on every launch: if the child has not finished in time, it is killed and the launch
 * fails with an error, so a hung child costs one failed benchmark, not the whole run. Libraries
 * with their own timeout (zt-exec, Commons Exec, NuProcess waitFor) use it; for ProcessBuilder and
 * Runtime.exec, whose stdout read blocks without a time limit, this watchdog kills the child, which
 * closes the pipe and ends the read. One shared timer thread: arming costs a queue insert, about a
 * microsecond against launches of a millisecond.
 */
public final class LaunchTimeout implements AutoCloseable {
    /** Milliseconds a launch may take; {@code -Djab.process.timeoutMs} changes it. */
    public static final long MILLIS = Long.getLong("jab.process.timeoutMs", 10_000);

    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private final ScheduledFuture<?> kill;
    private final AtomicBoolean fired = new AtomicBoolean();
    private final String what;

    private LaunchTimeout(ProcessHandle child, String what) {
        this.what = what;
        this.kill = TIMER.schedule(() -> {
            fired.set(true);
            child.descendants().forEach(ProcessHandle::destroyForcibly);
            child.destroyForcibly();
        }, MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Starts the clock for a child just started. */
    public static LaunchTimeout arm(Process child, String what) {
        return new LaunchTimeout(child.toHandle(), what);
    }

    /** Starts the clock for a child known by its handle (a library that does not hand out a Process). */
    public static LaunchTimeout arm(ProcessHandle child, String what) {
        return new LaunchTimeout(child, what);
    }

    /** Throws if the watchdog had to kill the child. */
    public void check() throws IOException {
        if (fired.get()) {
            throw timedOut(what);
        }
    }

    public static IOException timedOut(String what) {
        return new IOException(what + " did not finish within " + MILLIS + " ms; killed");
    }

    @Override
    public void close() {
        kill.cancel(false);
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "jab-launch-timeout");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true); // cancelled deadlines must not pile up in the queue
        return t;
    }
}
