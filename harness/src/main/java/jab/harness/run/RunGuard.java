package jab.harness.run;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import jab.bench.support.BenchDirs;
import jab.harness.results.RunDirectory;

/**
 * What a Ctrl-C or SIGTERM must not leave behind: JMH forks and other children are stopped, the
 * per-run work folder under --dir is removed, env.json says the run was interrupted. Results
 * already written (finished JDKs) stay.
 */
public final class RunGuard implements AutoCloseable {
    private final Path workDir;
    private final RunDirectory runDir;
    private final AtomicBoolean finished = new AtomicBoolean();
    private final Thread hook;

    public RunGuard(Path workDir, RunDirectory runDir) {
        this.workDir = workDir;
        this.runDir = runDir;
        this.hook = new Thread(this::interrupted, "jab-run-guard");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private void interrupted() {
        if (finished.get()) {
            return;
        }
        stopChildren();
        BenchDirs.deleteTree(workDir);
        try {
            runDir.status("interrupted");
        } catch (Exception ignored) {
            // the JVM is going down; nothing more can be saved
        }
        System.err.println("\njab: interrupted; finished results kept in " + runDir.dir());
    }

    /** Stops every process this JVM started (JMH forks, baselines, servers) and their children. */
    public static void stopChildren() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    /** Normal end: remove the work folder; the hook is no longer needed. */
    @Override
    public void close() {
        finished.set(true);
        BenchDirs.deleteTree(workDir);
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
    }
}
