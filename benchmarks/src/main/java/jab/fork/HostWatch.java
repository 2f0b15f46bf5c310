package jab.fork;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;

/**
 * Ends a JMH fork whose host (the jab that started it) is gone. JMH's fork finds out only when it
 * next writes to the host, at the end of an iteration: after a {@code kill -9} of jab its forks went
 * on for the rest of the trial's setup and iteration (a 15 s iteration ran 13 s more), burning CPU
 * and disk under whatever ran next, a later jab run included, which the run lock no longer held off.
 *
 * <p>jab adds this class to every JMH run as a profiler, JMH's own way to have code run in the fork,
 * so no benchmark has to know about it. It reports nothing and does nothing around iterations: it
 * only starts, once per fork, a daemon thread that looks at the fork's parent process once a second.
 * When the host dies the kernel gives the fork a new parent at once, even while the dead host waits
 * to be reaped (the JDK's {@code onExit} would still call such a zombie alive), so a changed parent
 * means the host is gone: the fork kills what it started and halts.
 */
public final class HostWatch implements InternalProfiler {
    private static final long INTERVAL_MS = 1000;
    private static final int EXIT_HOST_GONE = 3;
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    @Override
    public String getDescription() {
        return "jab: ends the fork when the JMH host process is gone";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        // Without forks JMH runs the benchmark in the host itself, whose parent is the user's shell.
        if (benchmark.getForks() > 0) {
            watchParent();
        }
    }

    /** Starts the watch over this JVM's parent, once; also for the forks jab starts without JMH ({@link InterleavedFork}). */
    public static void watchParent() {
        if (STARTED.compareAndSet(false, true)) {
            ProcessHandle.current().parent().ifPresent(host -> start(host.pid()));
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration,
                                                       IterationResult result) {
        return List.of();
    }

    private static void start(long host) {
        Thread watcher = new Thread(() -> watch(host), "jab-host-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    private static void watch(long host) {
        try {
            while (ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L) == host) {
                Thread.sleep(INTERVAL_MS);
            }
        } catch (InterruptedException e) {
            return; // nobody interrupts this thread but the JVM going down
        }
        // Nothing reads the fork's results any more: its children (launched processes) go with it.
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
        Runtime.getRuntime().halt(EXIT_HOST_GONE);
    }
}
