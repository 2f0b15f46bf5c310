package jab.kv.persist;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import jab.kv.ByteKey;
import jab.kv.Journal;
import jab.kv.KvException;
import jab.kv.KvStore;

/**
 * The append-only file: every change of the store as a RESP record ({@link RecordEncoder}), written
 * through jab's memory-mapped writer, so a record costs a copy into the page cache and no system
 * call; under appendfsync always with positional writes instead ({@link LogWriter#open} says why). The records of all event loops go through one lock, in the order the store makes the
 * changes. What reaches the device when is {@link Fsync}'s: ALWAYS forces in {@link #durable()},
 * which the server calls before it sends replies, so one fdatasync covers every write of that pass
 * (a group commit, as Redis fsyncs in beforeSleep); EVERYSEC forces from a background thread.
 *
 * <p>A record that cannot be written (a full disk) is refused whole and the change is not made: the
 * client gets Redis's MISCONF error, reads go on, and the next write tries again.
 */
public final class AppendOnlyFile implements Journal, Closeable {
    private final Path path;
    private final Fsync fsync;
    private final Object lock = new Object();
    private final RecordEncoder encoder = new RecordEncoder();
    private LogWriter writer;
    /** Bytes appended since start, over all files; {@link #forced} is how many of them are on the device. */
    private volatile long appended;
    private volatile long forced;
    private final Object forceLock = new Object();
    /** The last failure to write or force, null when the last attempt worked. */
    private volatile String lastError;
    private volatile long size;
    private volatile long baseSize;
    private int rewrites;

    private AppendOnlyFile(Path path, Fsync fsync, long validEnd) throws IOException {
        this.path = path;
        this.fsync = fsync;
        this.writer = LogWriter.open(path, validEnd, fsync);
        this.size = validEnd;
        this.baseSize = validEnd;
    }

    /** Opens the log to append after {@code validEnd}, the end of its last whole record (0 for a new log). */
    static AppendOnlyFile open(Path path, Fsync fsync, long validEnd) throws IOException {
        return new AppendOnlyFile(path, fsync, validEnd);
    }

    /**
     * Replays the log into {@code store}; returns where its last whole record ends. What follows it
     * (a record cut short by a crash, zeros allocated ahead) is reported in {@code log} and cut off
     * when the log is opened for appending: never a refusal to start, as Redis's aof-load-truncated.
     */
    static long replay(Path path, KvStore store, java.util.function.Consumer<String> log) throws IOException {
        long size = Files.size(path);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
            RecordReader r = new RecordReader(in, size);
            long records = 0;
            for (byte[][] rec; (rec = r.next()) != null; records++) {
                try {
                    apply(rec, store);
                } catch (IOException e) {
                    // a whole record that is not one of jab's is damage inside the log, not a torn tail: refuse, as Redis does
                    throw new IOException(path + ": record " + (records + 1) + " ending at byte " + r.end() + " is " + e.getMessage()
                            + "; the file was left as it is", e);
                }
            }
            if (r.stop() != null) {
                log.accept(String.format(java.util.Locale.ROOT,
                        "%s: %s at byte %d; keeping the %d whole records before it, cutting off the %d bytes after them",
                        path, r.stop(), r.end(), records, size - r.end()));
            }
            return r.end();
        }
    }

    /** Applies one record to the store; a record of a command jab never logs is damage. */
    static void apply(byte[][] rec, KvStore store) throws IOException {
        String name = new String(rec[0], java.nio.charset.StandardCharsets.US_ASCII);
        if (name.equals("SET") && (rec.length == 3 || rec.length == 5)) {
            long at;
            try {
                at = rec.length == 5 ? jab.kv.Numbers.parseLong(rec[4]) : 0;
            } catch (KvException notANumber) {
                throw new IOException("a SET record whose deadline is not a number");
            }
            store.restore(new ByteKey(rec[1]), rec[2], at);
        } else if (name.equals("DEL") && rec.length >= 2) {
            for (int i = 1; i < rec.length; i++) {
                store.del(new ByteKey(rec[i]));
            }
        } else if (name.equals("FLUSHALL") && rec.length == 1) {
            store.flush();
        } else {
            throw new IOException("a record jab does not write: " + name + " with " + (rec.length - 1) + " arguments");
        }
    }

    @Override
    public void stored(ByteKey key, byte[] value, long expireAt) {
        synchronized (lock) {
            encoder.reset();
            append(encoder.set(key, value, expireAt));
        }
    }

    @Override
    public void removed(ByteKey key) {
        synchronized (lock) {
            encoder.reset();
            append(encoder.del(key));
        }
    }

    @Override
    public void flushed() {
        synchronized (lock) {
            encoder.reset();
            append(encoder.flushAll());
        }
    }

    private void append(RecordEncoder record) {
        try {
            writer.write(record.array(), 0, record.length());
        } catch (IOException e) {
            lastError = reason(e);
            throw new KvException("MISCONF Errors writing to the AOF file: " + lastError);
        }
        lastError = null;
        appended += record.length();
        size += record.length();
    }

    /**
     * Under ALWAYS, forces every record appended so far before it returns; concurrent callers share
     * one force. Elsewhere it returns at once. A write or force that fails under ALWAYS ends the process, as
     * Redis exits then: replies that would claim durability must not leave.
     */
    public void durable() {
        if (fsync != Fsync.ALWAYS || forced >= appended) {
            return;
        }
        try {
            force();
        } catch (IOException e) {
            System.err.println("jab kv serve: cannot write or fsync the AOF under appendfsync always (" + reason(e) + "): exiting, as Redis does");
            Runtime.getRuntime().halt(1);
        }
    }

    /** Forces what was appended (EVERYSEC's background thread and shutdown call it too). */
    void force() throws IOException {
        synchronized (forceLock) {
            long target;
            LogWriter w;
            synchronized (lock) {
                target = appended;
                if (forced >= target) {
                    return;
                }
                w = writer;
                try {
                    w.flush();
                } catch (IOException e) {
                    lastError = reason(e);
                    throw e;
                }
            }
            try {
                w.force(); // outside the lock: writes go on while the device works
                forced = target;
            } catch (ClosedChannelException replacedByRewrite) {
                forced = target; // the rewrite forced the new file before it replaced this one
            } catch (IOException e) {
                lastError = reason(e);
                throw e;
            }
        }
    }

    /**
     * Rewrites the log from the store (BGREWRITEAOF): one SET per live key into a temporary file,
     * forced, then moved over the log, which goes on from its end. Writes wait meanwhile (the lock),
     * so no change falls between the image and the new log.
     */
    void rewrite(KvStore store) throws IOException {
        Path temp = path.resolveSibling("temp-rewriteaof-" + ProcessHandle.current().pid() + ".aof");
        synchronized (lock) {
            long n;
            try {
                n = SnapshotFile.writeRecords(store, temp, false);
                Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
            SnapshotFile.forceDirectory(path.getParent());
            LogWriter old = writer;
            writer = LogWriter.open(path, n, fsync);
            old.close();
            size = n;
            baseSize = n;
            rewrites++;
            forced = appended; // the new file was forced whole
        }
    }

    String lastError() {
        return lastError;
    }

    long size() {
        return size;
    }

    long baseSize() {
        return baseSize;
    }

    int rewrites() {
        return rewrites;
    }

    Fsync fsync() {
        return fsync;
    }

    /** Closes the log, forcing it and cutting off the zeros allocated ahead. */
    @Override
    public void close() throws IOException {
        synchronized (lock) {
            writer.close();
        }
    }

    static String reason(IOException e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
