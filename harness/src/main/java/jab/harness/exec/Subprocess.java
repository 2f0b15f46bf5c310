package jab.harness.exec;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One child process, described builder-style and then either {@link #run() run} to its end under a
 * timeout or {@link #start() started} to live beside jab (a server). Every process the harness
 * starts goes through here, so all of them read their output while they wait, time out for real
 * and leave nothing running behind them.
 *
 * <pre>{@code
 * Result r = Subprocess.of("gcc", "-dumpfullversion").mergeStderrIntoStdout()
 *         .timeout(Duration.ofSeconds(20)).run().requireSuccess();
 * }</pre>
 */
public final class Subprocess {
    /** How long {@link Running#close()} waits after SIGTERM before it kills. */
    public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(10);
    static final Duration VERSION_TIMEOUT = Duration.ofSeconds(10);
    private static final int ARGS_IN_NAME = 2;
    private static final int ARG_CHARS_IN_NAME = 60;

    private final List<String> command;
    private final Map<String, String> env = new LinkedHashMap<>();
    private Path directory;
    private Output stdout = Output.capture();
    private Output stderr = Output.capture();
    private boolean mergeStderr;
    private Duration timeout;
    private Duration stopGrace = DEFAULT_STOP_GRACE;
    private String name;

    private Subprocess(List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command");
        }
        this.command = List.copyOf(command);
    }

    /** The program and its arguments; both streams are captured unless told otherwise. */
    public static Subprocess of(List<String> command) {
        return new Subprocess(command);
    }

    public static Subprocess of(String... command) {
        return new Subprocess(List.of(command));
    }

    /** The child's working directory (default: jab's). */
    public Subprocess directory(Path dir) {
        this.directory = dir;
        return this;
    }

    /** Sets one variable in the child's environment, which is otherwise jab's. */
    public Subprocess env(String variable, String value) {
        env.put(variable, value);
        return this;
    }

    public Subprocess stdout(Output where) {
        this.stdout = where;
        return this;
    }

    /** Where stderr goes; ignored after {@link #mergeStderrIntoStdout()}. */
    public Subprocess stderr(Output where) {
        this.stderr = where;
        return this;
    }

    /** Stderr joins stdout in one stream, in the order the child wrote them (Result.stderr is then ""). */
    public Subprocess mergeStderrIntoStdout() {
        this.mergeStderr = true;
        return this;
    }

    /** How long {@link #run()} waits before it kills the child and its descendants; required by run(). */
    public Subprocess timeout(Duration limit) {
        this.timeout = limit;
        return this;
    }

    /** How long {@link Running#close()} waits after SIGTERM before it kills (default 10 s). */
    public Subprocess stopGrace(Duration grace) {
        this.stopGrace = grace;
        return this;
    }

    /** How messages name the child, instead of its file name and first arguments. */
    public Subprocess named(String displayName) {
        this.name = displayName;
        return this;
    }

    /**
     * The child as messages name it: the name given, else the program's file name and its first
     * arguments (a class path can be kilobytes long, so long arguments are cut).
     */
    public String program() {
        if (name != null) {
            return name;
        }
        String exe = command.get(0);
        List<String> words = new ArrayList<>();
        words.add(exe.substring(Math.max(exe.lastIndexOf('/'), exe.lastIndexOf('\\')) + 1));
        for (String arg : command.subList(1, Math.min(command.size(), 1 + ARGS_IN_NAME))) {
            words.add(arg.length() > ARG_CHARS_IN_NAME ? arg.substring(0, ARG_CHARS_IN_NAME) + "..." : arg);
        }
        return String.join(" ", words) + (command.size() > 1 + ARGS_IN_NAME ? " ..." : "");
    }

    /**
     * Runs the child to its end. Captured streams are read on daemon threads while this one waits;
     * when both are discarded or go to files no thread is started, so {@link Result#elapsed()}
     * holds only the child's own life.
     *
     * @throws SubprocessTimeoutException the timeout passed (the child and its descendants were
     *         killed), or the child exited but a process it left behind kept its output open
     * @throws IOException                the program could not be started
     * @throws InterruptedException       this thread was interrupted while waiting: the child and its
     *         descendants were killed, and the interrupt flag is set again for the caller's cleanup
     */
    public Result run() throws IOException, InterruptedException {
        if (timeout == null) {
            throw new IllegalStateException(program() + ": run() needs a timeout");
        }
        ProcessBuilder pb = processBuilder();
        long t0 = System.nanoTime();
        Process p = pb.start();
        Drain out = stdout.captured() ? Drain.toBytes(p.getInputStream(), "stdout of " + program()) : null;
        Drain err = !mergeStderr && stderr.captured() ? Drain.toBytes(p.getErrorStream(), "stderr of " + program()) : null;
        long deadline = t0 + timeout.toNanos();
        boolean exited;
        try {
            exited = p.waitFor(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            ProcessTree.kill(p);
            Thread.currentThread().interrupt();
            throw e;
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
        if (!exited) {
            ProcessTree.kill(p);
            throw new SubprocessTimeoutException(program(), timeout);
        }
        for (Drain d : new Drain[] {out, err}) {
            try {
                if (d != null && !d.awaitEnd(deadline)) {
                    throw new SubprocessTimeoutException(program(), timeout, program() + " exited with " + p.exitValue()
                            + " but its output was still open after " + seconds(timeout)
                            + " s: a process it started in the background holds it");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw e;
            }
        }
        return new Result(program(), p.exitValue(), out == null ? "" : out.text(), err == null ? "" : err.text(), elapsed);
    }

    /**
     * Starts the child and returns at once; its captured output is read in the background. The
     * child ends when jab ends, even by kill -9, where the OS allows it ({@link EndsWithJab}).
     */
    public Running start() throws IOException {
        Process p = EndsWithJab.start(processBuilder());
        boolean readOut = stdout.captured();
        boolean readErr = !mergeStderr && stderr.captured();
        LineLog log = readOut || readErr ? new LineLog((readOut ? 1 : 0) + (readErr ? 1 : 0)) : null;
        if (readOut) {
            Drain.toLines(p.getInputStream(), "stdout of " + program(), log);
        }
        if (readErr) {
            Drain.toLines(p.getErrorStream(), "stderr of " + program(), log);
        }
        return new Running(program(), p, log, stopGrace);
    }

    private ProcessBuilder processBuilder() {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(stdout.redirect());
        if (mergeStderr) {
            pb.redirectErrorStream(true);
        } else {
            pb.redirectError(stderr.redirect());
        }
        if (directory != null) {
            pb.directory(directory.toFile());
        }
        pb.environment().putAll(env);
        return pb;
    }

    /** {@code program} in a directory of the PATH: the first executable regular file of that name. */
    public static Optional<Path> onPath(String program) {
        return onPath(program, System.getenv("PATH"));
    }

    static Optional<Path> onPath(String program, String searchPath) {
        String dirs = searchPath == null || searchPath.isEmpty() ? "/usr/bin:/bin" : searchPath;
        for (String dir : dirs.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue; // an empty entry means the current directory: not where a tool is trusted from
            }
            try {
                Path p = Path.of(dir, program);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            } catch (InvalidPathException ignored) {
                // a PATH entry that is no path holds no program
            }
        }
        return Optional.empty();
    }

    /**
     * The first non-empty line {@code executable args...} prints (stdout and stderr), trimmed: its
     * version for the results. "" when it cannot be run, fails or takes more than 10 s, since a
     * missing version must never stop a run.
     */
    public static String versionOf(Path executable, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable.toString());
        cmd.addAll(List.of(args));
        try {
            Result r = of(cmd).mergeStderrIntoStdout().timeout(VERSION_TIMEOUT).run();
            return r.ok() ? r.stdout().lines().map(String::trim).filter(s -> !s.isEmpty()).findFirst().orElse("") : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** "120" for 120 s, "1.5" for 1500 ms: a timeout as messages print it. */
    static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? Long.toString(d.toSeconds()) : String.format(Locale.ROOT, "%.1f", d.toMillis() / 1000.0);
    }
}
