package jab.harness.exec;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A long-lived child, a server, from {@link Subprocess#start()}. Its captured output is read in
 * the background all the time (so it never blocks on a full pipe) and can be waited on line by
 * line; {@link #close()} stops it politely, then by force, with everything it started.
 */
public final class Running implements AutoCloseable {
    private final String program;
    private final Process process;
    private final LineLog log; // null when no output is captured
    private final Duration grace;

    Running(String program, Process process, LineLog log, Duration grace) {
        this.program = program;
        this.process = process;
        this.log = log;
        this.grace = grace;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The exit code once the child has exited; empty while it runs. */
    public OptionalInt exitCode() {
        return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    /**
     * CPU time the child has used so far, all threads, user and system, in ns (the OS's process
     * accounting: clock ticks of 10 ms on Linux); -1 where the OS does not say.
     */
    public long cpuNanos() {
        return process.toHandle().info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }

    /**
     * Waits until a line of output contains {@code pattern} (Matcher.find) and returns that match.
     * Lines printed before the call count too.
     *
     * @throws IOException when the child's output ends (it exited) or {@code within} passes first;
     *                     the message carries what it printed
     */
    public Matcher awaitLine(Pattern pattern, Duration within) throws IOException, InterruptedException {
        if (log == null) {
            throw new IllegalStateException(program + ": output is not captured, so no line can be awaited");
        }
        Matcher m = log.await(pattern, System.nanoTime() + within.toNanos());
        if (m != null) {
            return m;
        }
        String printed = log.text().isBlank() ? " nothing" : ":\n" + log.text();
        if (log.ended()) {
            // output ends just before the exit: give the exit a moment to be seen
            String how = process.waitFor(1, TimeUnit.SECONDS) ? "exited with " + process.exitValue() : "closed its output";
            throw new IOException(program + " " + how + " before printing a line matching /" + pattern + "/; it printed" + printed);
        }
        throw new IOException(program + " printed no line matching /" + pattern + "/ in " + Subprocess.seconds(within)
                + " s; it printed" + printed);
    }

    /** SIGTERM; after the grace period (10 s unless set) SIGKILL to it and its descendants. Waits until they are gone. */
    @Override
    public void close() {
        // taken while the child lives: once it exits its children are init's and out of sight
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        try {
            process.waitFor(grace.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stop waiting politely; the kill below still happens
        }
        // kills what is left: the child if it ignored SIGTERM, and any descendant it left behind
        ProcessTree.kill(process, descendants);
    }
}
