package jab.harness.run.console;

import java.io.PrintStream;
import java.time.Duration;

/**
 * The one progress line of a run: current benchmark and params, n of N, elapsed time and an ETA
 * from the mean time of the finished combinations. On a terminal the line is rewritten in place;
 * elsewhere (CI logs, tests) each benchmark start is a line of its own.
 */
public final class Progress {
    private final PrintStream out;
    private final boolean terminal;
    private final long startNanos = System.nanoTime();
    private final int total;
    private int done;
    private int lastWidth;
    private String label = "";

    public Progress(PrintStream out, int total) {
        this.out = out;
        this.total = Math.max(total, 1);
        this.terminal = stdoutIsTerminal();
    }

    /**
     * Whether the console is a terminal, so a line can be redrawn with a carriage return. From JDK 22,
     * System.console() is not null when output is redirected too (a pipe, a CI log); Console.isTerminal()
     * (JDK 22+, so called by reflection: jab runs on 17) tells. Elsewhere a console means a terminal.
     */
    static boolean stdoutIsTerminal() {
        java.io.Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(c);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    public synchronized void started(String what) {
        show(label.isEmpty() ? what : what + " | " + label, !terminal);
    }

    /** Words shown after the benchmark on the line from now on, such as the interval being narrowed. */
    public synchronized void label(String words) {
        label = words;
    }

    public synchronized void finished() {
        done++;
    }

    /** Ends the in-place line so later output starts on a fresh line. */
    public synchronized void close() {
        if (terminal && lastWidth > 0) {
            out.println();
            lastWidth = 0;
        }
    }

    private void show(String what, boolean newline) {
        String line = line(what, done, total, Duration.ofNanos(System.nanoTime() - startNanos));
        if (newline) {
            out.println(line);
        } else {
            String padded = line.length() < lastWidth ? line + " ".repeat(lastWidth - line.length()) : line;
            out.print("\r" + padded);
            out.flush();
            lastWidth = line.length();
        }
    }

    /**
     * The line for the item after {@code done} of {@code total}. The refinement adds forks until its
     * verdicts are reached or its budget ends, so it can run past the count it started with: the
     * line then numbers the item alone, with no total and no ETA (which would go negative).
     */
    static String line(String what, int done, int total, Duration elapsed) {
        if (done >= total) {
            return String.format("[%d] %s | %s elapsed", done + 1, what, clock(elapsed));
        }
        String eta = done == 0 ? "ETA ?" : "ETA " + clock(elapsed.multipliedBy(total - done).dividedBy(done));
        return String.format("[%d/%d] %s | %s elapsed, %s", done + 1, total, what, clock(elapsed), eta);
    }

    static String clock(Duration d) {
        long s = d.getSeconds();
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String.format("%d:%02d", s / 60, s % 60);
    }
}
