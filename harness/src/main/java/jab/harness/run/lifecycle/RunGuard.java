package jab.harness.run.lifecycle;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import jab.harness.results.RunStore;

/**
 * What a Ctrl-C or SIGTERM must not leave behind: JMH forks and other children are stopped, the
 * per-run work folder under --dir is removed (the JMH log of the JDK that was running is kept in the
 * run directory first), env.json says the run was interrupted. Results already written stay.
 */
public final class RunGuard implements AutoCloseable {
    private final Path workDir;
    private final RunStore store;
    private static final AtomicBoolean STOPPING = new AtomicBoolean();
    private final AtomicBoolean finished = new AtomicBoolean();
    private final Thread hook;

    public RunGuard(Path workDir, RunStore store) {
        this.workDir = workDir;
        this.store = store;
        this.hook = new Thread(this::interrupted, "jab-run-guard");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** True once a signal asked the run to stop: nothing new (no JMH fork, no job) may start after it. */
    public static boolean stopping() {
        return STOPPING.get();
    }

    private void interrupted() {
        if (finished.get()) {
            return;
        }
        STOPPING.set(true);
        // JMH starts a job's next fork as soon as one dies, and the run thread sees STOPPING only
        // between jobs: one that had just passed that check starts its fork while this hook runs, and
        // the fork would outlive the JVM. So keep stopping children until none has appeared for a
        // quiet second (at most about 5 s).
        long until = System.nanoTime() + 5_000_000_000L;
        long quietSince = System.nanoTime();
        while (System.nanoTime() - quietSince < 1_000_000_000L && System.nanoTime() < until) {
            if (ProcessHandle.current().descendants().anyMatch(ProcessHandle::isAlive)) {
                stopChildren();
                quietSince = System.nanoTime();
            } else {
                pause(50);
            }
        }
        try {
            keepLogs();
            WorkDir.delete(workDir);
            store.status("interrupted");
        } catch (Exception ignored) {
            // the JVM is going down; nothing more can be saved
        }
        System.err.println("\njab: interrupted; finished results kept in " + store.dir());
    }

    /** The log of the JDK JMH was running: it says how far the run got. */
    private void keepLogs() throws IOException {
        if (!Files.isDirectory(workDir)) {
            return;
        }
        try (DirectoryStream<Path> logs = Files.newDirectoryStream(workDir, "jmh-*.log")) {
            for (Path log : logs) {
                String name = log.getFileName().toString();
                store.adoptLog(name.substring("jmh-".length(), name.length() - ".log".length()), log);
            }
        }
    }

    /** Stops every process this JVM started (JMH forks, baselines, servers) and their children. */
    public static void stopChildren() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
        pause(200);
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Normal end: remove the work folder; the hook is no longer needed. */
    @Override
    public void close() {
        finished.set(true);
        WorkDir.delete(workDir);
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
    }
}
