package jab.bench.process;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.zeroturnaround.exec.ProcessExecutor;
import org.zeroturnaround.exec.ProcessResult;
import org.zeroturnaround.exec.StartedProcess;

/**
 * zt-exec in seed 000's three configurations. Minimal and withEnv wait on the result future with
 * the launch bound (what {@code execute()} does without a timeout, plus the bound); withTimeout
 * uses zt-exec's own {@code timeout(...)}, which destroys the child when it fires.
 */
final class ZtExecLaunches {
    private ZtExecLaunches() {
    }

    static Launched minimal(String... command) throws Exception {
        return bounded(new ProcessExecutor().command(command).readOutput(true), command[0]);
    }

    static Launched withEnvironment(String... command) throws Exception {
        return bounded(new ProcessExecutor().command(command).readOutput(true)
                .environment("JAB_BENCH", "process").environment("JAB_SCENARIO", "withEnv"), command[0]);
    }

    static Launched withTimeout(String... command) throws Exception {
        ProcessResult r = new ProcessExecutor().command(command).readOutput(true)
                .timeout(LaunchTimeout.MILLIS, TimeUnit.MILLISECONDS).execute();
        return new Launched(r.getExitValue(), r.output());
    }

    private static Launched bounded(ProcessExecutor executor, String what) throws Exception {
        StartedProcess started = executor.start();
        Future<ProcessResult> future = started.getFuture();
        try {
            ProcessResult r = future.get(LaunchTimeout.MILLIS, TimeUnit.MILLISECONDS);
            return new Launched(r.getExitValue(), r.output());
        } catch (TimeoutException e) {
            started.getProcess().destroyForcibly();
            future.cancel(true);
            throw LaunchTimeout.timedOut(what);
        }
    }
}
