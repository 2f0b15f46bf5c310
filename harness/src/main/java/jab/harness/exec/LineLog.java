package jab.harness.exec;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines a long-lived child has printed, for {@link Running#awaitLine}. Only the latest
 * {@value #KEPT} are kept: a server may print for hours, and only the start-up lines are awaited.
 */
final class LineLog {
    static final int KEPT = 1000;

    private final Deque<String> lines = new ArrayDeque<>();
    private long dropped; // lines that no longer fit, counted so indexes stay absolute
    private int openStreams;

    LineLog(int streams) {
        this.openStreams = streams;
    }

    synchronized void add(String line) {
        lines.addLast(line);
        if (lines.size() > KEPT) {
            lines.removeFirst();
            dropped++;
        }
        notifyAll();
    }

    synchronized void streamEnded() {
        openStreams--;
        notifyAll();
    }

    /** True when every stream read into this log has ended: no line will come anymore. */
    synchronized boolean ended() {
        return openStreams <= 0;
    }

    /**
     * The first kept line in which {@code pattern} is found, waiting for new lines until
     * {@code deadlineNanos} (System.nanoTime); null when the time passes or the output ends first.
     */
    synchronized Matcher await(Pattern pattern, long deadlineNanos) throws InterruptedException {
        long next = dropped; // absolute index of the next line to look at
        while (true) {
            if (next < dropped) {
                next = dropped; // lines went by faster than we looked; they are gone
            }
            for (String line : lines.stream().skip(next - dropped).toList()) {
                next++;
                Matcher m = pattern.matcher(line);
                if (m.find()) {
                    return m;
                }
            }
            long left = deadlineNanos - System.nanoTime();
            if (ended() || left <= 0) {
                return null;
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** The kept lines, one per line. */
    synchronized String text() {
        return String.join("\n", lines);
    }
}
