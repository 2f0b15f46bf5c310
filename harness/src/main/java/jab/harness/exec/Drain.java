package jab.harness.exec;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Reads one of a child's output streams to its end on a daemon thread. A pipe holds only some
 * kilobytes: a child writing more than that blocks until someone reads, so both streams are read
 * while the parent waits, and the parent's wait (and timeout) never depends on the child's output.
 * Daemon, so a reader stuck on a pipe a stray grandchild holds open never keeps the JVM alive.
 */
final class Drain {
    private final Thread thread;
    private final ByteArrayOutputStream bytes; // null when the lines go to a LineLog

    private Drain(Runnable body, String name, ByteArrayOutputStream bytes) {
        this.bytes = bytes;
        this.thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Keeps every byte, for {@link #text()}. */
    static Drain toBytes(InputStream in, String name) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        return new Drain(() -> {
            try (in) {
                in.transferTo(bytes); // ByteArrayOutputStream is synchronized: text() may read meanwhile
            } catch (IOException ignored) {
                // the stream was closed under us: what was read is all there is
            }
        }, name, bytes);
    }

    /** Hands each line to {@code log}, and tells it when the stream has ended. */
    static Drain toLines(InputStream in, String name, LineLog log) {
        return new Drain(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    log.add(line);
                }
            } catch (IOException ignored) {
                // the stream was closed under us: the child is gone
            } finally {
                log.streamEnded();
            }
        }, name, null);
    }

    /** Waits until the stream has ended or {@code deadlineNanos} (System.nanoTime) has passed; true when ended. */
    boolean awaitEnd(long deadlineNanos) throws InterruptedException {
        long left = deadlineNanos - System.nanoTime();
        if (left > 0) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))); // join(0) would wait forever
        }
        return !thread.isAlive();
    }

    /** What was read so far, as UTF-8. */
    String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
