package jab.bench.process;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Arrays;

import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.PumpStreamHandler;

/**
 * Apache Commons Exec: {@code DefaultExecutor} runs the child synchronously, a PumpStreamHandler
 * copies stdout (and stderr) on pump threads, an ExecuteWatchdog kills it on timeout.
 */
final class CommonsExecLaunches {
    private static final OutputStream DISCARD = OutputStream.nullOutputStream();

    private CommonsExecLaunches() {
    }

    static Launched launch(String... command) throws Exception {
        CommandLine line = new CommandLine(command[0]);
        line.addArguments(Arrays.copyOfRange(command, 1, command.length), false);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ExecuteWatchdog watchdog = ExecuteWatchdog.builder().setTimeout(Duration.ofMillis(LaunchTimeout.MILLIS)).get();
        DefaultExecutor executor = DefaultExecutor.builder().get();
        executor.setStreamHandler(new PumpStreamHandler(out, DISCARD));
        executor.setWatchdog(watchdog);
        executor.setExitValues(null); // an exit code is a result here, not an exception
        int exit = executor.execute(line);
        if (watchdog.killedProcess()) {
            throw LaunchTimeout.timedOut(command[0]);
        }
        return new Launched(exit, out.toByteArray());
    }
}
