package jab.harness.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Traces made two at a time. A trace counts system calls and never times them, so two traced
 * programs side by side count what each counts alone, and on a cold cache (a new machine, a new
 * JDK, a new jab build) the traces take less of a run's budget: fs's 14 JVM traces took 44.7 s one
 * at a time, 29.3 s two at a time on 2 CPUs. It helps where a traced program leaves a CPU idle; JGit's
 * insert traces keep both busy (strace and the JVM's threads) and took as long either way, so they
 * stay one at a time. Each traced program must keep its files apart from the others' (a temporary
 * file, a folder of its own); a trace whose count depends on timing (a server's wake-ups per
 * request) does not belong here.
 *
 * <p>The traces come back in the order they were added, each as it finishes, so a document reads
 * as if they were made one by one.
 */
public final class TracesAtOnce<T> implements AutoCloseable {
    static final int AT_ONCE = Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));

    private record Pending<T>(String what, Future<T> trace) {
    }

    private final ExecutorService pool = Executors.newFixedThreadPool(AT_ONCE);
    private final List<Pending<T>> pending = new ArrayList<>();

    /** Starts {@code trace} when a place is free; {@code what} names it in a failure. */
    public void add(String what, Callable<T> trace) {
        pending.add(new Pending<>(what, pool.submit(trace)));
    }

    /**
     * Waits for each trace in the order added, giving {@code made} the trace or {@code failed} what it
     * was and why it failed.
     */
    public void forEach(Consumer<T> made, BiConsumer<String, Throwable> failed) throws InterruptedException {
        for (Pending<T> p : pending) {
            try {
                made.accept(p.trace().get());
            } catch (ExecutionException e) {
                failed.accept(p.what(), e.getCause());
            }
        }
    }

    /** Traces not yet started are not started (Ctrl-C); one running ends with its traced program. */
    @Override
    public void close() {
        pool.shutdownNow();
    }
}
