package jab.kv.persist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

import jab.kv.ByteKey;
import jab.kv.Journal;
import jab.kv.KvException;
import jab.kv.KvStore;

/**
 * Everything that keeps the store across restarts, as Redis does it: on start, the AOF is replayed
 * if it is on and exists, else the snapshot is loaded; then changes go to the AOF (when on) and
 * are counted for the save points; snapshots are taken by SAVE, BGSAVE, the save points and
 * SHUTDOWN. Background work (BGSAVE, BGREWRITEAOF, the save points, everysec's fsync) runs on one
 * thread of its own, so two of them never overlap.
 *
 * <p>Unlike Redis's fork, a background snapshot is not one instant's image: a key changed while it
 * is written may be saved before or after the change (each key is whole). The AOF is what gives
 * crash safety; a snapshot is a compact start.
 */
public final class Persistence implements Journal, AutoCloseable {
    private final PersistenceConfig config;
    private final KvStore store;
    private final Consumer<String> log;
    private final Path snapshot;
    private final AppendOnlyFile aof;
    private final LongAdder changes = new LongAdder();
    private final ScheduledExecutorService background;
    private final AtomicBoolean saving = new AtomicBoolean();
    private final AtomicBoolean rewriting = new AtomicBoolean();
    private volatile long lastSave = System.currentTimeMillis();
    private volatile boolean lastSaveOk = true;
    private volatile int saves;
    private volatile boolean lastRewriteOk = true;
    private final AtomicBoolean stopped = new AtomicBoolean();

    /** The --dir cannot be used; the server must not start. */
    public static final class Unusable extends IOException {
        private static final long serialVersionUID = 1L;

        Unusable(String message) {
            super(message);
        }
    }

    private Persistence(PersistenceConfig config, KvStore store, Consumer<String> log) throws IOException {
        this.config = config;
        this.store = store;
        this.log = log;
        Path dir = usableDir(config.dir);
        this.snapshot = dir.resolve(config.dbFilename);
        Path aofPath = dir.resolve(config.appendFilename);
        boolean replayed = false;
        long validEnd = 0;
        if (config.appendOnly && Files.exists(aofPath)) {
            validEnd = AppendOnlyFile.replay(aofPath, store, log);
            replayed = true;
            log.accept("loaded " + store.dbsize() + " keys from " + aofPath);
        } else if (Files.exists(snapshot)) {
            long n = SnapshotFile.load(snapshot, store);
            log.accept("loaded " + n + " keys from " + snapshot);
        }
        if (config.appendOnly) {
            aof = AppendOnlyFile.open(aofPath, config.appendFsync, validEnd);
            if (!replayed && store.dbsize() > 0) {
                aof.rewrite(store); // the keys from the snapshot start the new log, as Redis does
            }
        } else {
            aof = null;
        }
        background = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kv-persistence");
            t.setDaemon(true);
            return t;
        });
        background.scheduleWithFixedDelay(this::everySecond, 1, 1, TimeUnit.SECONDS);
    }

    /**
     * Checks the directory, loads what it holds into {@code store} and starts persisting.
     *
     * @throws Unusable the directory cannot be created or written
     * @throws SnapshotFile.Corrupt (an IOException) the snapshot is damaged; it is left as it is
     */
    public static Persistence open(PersistenceConfig config, KvStore store, Consumer<String> log) throws IOException {
        return new Persistence(config, store, log);
    }

    /** The directory, created if missing, proven writable by creating and deleting a file in it. */
    private static Path usableDir(Path dir) throws Unusable {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, "jab-probe-", ".tmp");
            Files.delete(probe);
            return dir;
        } catch (IOException | SecurityException e) {
            throw new Unusable("--dir " + dir + " is not a directory jab can write to ("
                    + (e instanceof IOException ? AppendOnlyFile.reason((IOException) e) : e.getMessage()) + ")");
        }
    }

    /** Once a second: everysec's fsync, then the save points. */
    private void everySecond() {
        if (aof != null && aof.fsync() == Fsync.EVERYSEC) {
            try {
                aof.force();
            } catch (IOException e) {
                log.accept("AOF fsync failed: " + AppendOnlyFile.reason(e));
            }
        }
        long since = System.currentTimeMillis() - lastSave;
        for (PersistenceConfig.SaveRule rule : config.save) {
            if (since >= rule.seconds * 1000 && changes.sum() >= rule.changes) {
                snapshotNow();
                break;
            }
        }
    }

    @Override
    public void stored(ByteKey key, byte[] value, long expireAt) {
        if (aof != null) {
            aof.stored(key, value, expireAt);
        }
        changes.increment();
    }

    @Override
    public void removed(ByteKey key) {
        if (aof != null) {
            aof.removed(key);
        }
        changes.increment();
    }

    @Override
    public void flushed() {
        if (aof != null) {
            aof.flushed();
        }
        changes.increment();
    }

    /** Before replies leave: under appendfsync always, the writes they acknowledge are forced first. */
    public void durable() {
        if (aof != null) {
            aof.durable();
        }
    }

    /** SAVE: a snapshot now, on the caller's thread. */
    public void save() {
        if (!saving.compareAndSet(false, true)) {
            throw new KvException("ERR Background save already in progress");
        }
        try {
            if (!writeSnapshot()) {
                throw new KvException("ERR Errors trying to SAVE the DB, check the server's log");
            }
        } finally {
            saving.set(false);
        }
    }

    /** BGSAVE: a snapshot on the background thread. */
    public void bgsave() {
        if (saving.get()) {
            throw new KvException("ERR Background save already in progress");
        }
        background.execute(this::snapshotNow);
    }

    private void snapshotNow() {
        if (saving.compareAndSet(false, true)) {
            try {
                writeSnapshot();
            } finally {
                saving.set(false);
            }
        }
    }

    private boolean writeSnapshot() {
        long counted = changes.sum();
        try {
            long keys = SnapshotFile.save(store, snapshot);
            changes.add(-counted);
            lastSave = System.currentTimeMillis();
            lastSaveOk = true;
            saves++;
            log.accept("saved " + keys + " keys to " + snapshot);
            return true;
        } catch (IOException | RuntimeException e) {
            lastSaveOk = false;
            log.accept("cannot save " + snapshot + ": " + e);
            return false;
        }
    }

    /** BGREWRITEAOF: the log rewritten from the store, on the background thread. */
    public void bgrewriteaof() {
        if (aof == null) {
            throw new KvException("ERR Background append only file rewriting needs appendonly yes");
        }
        if (!rewriting.compareAndSet(false, true)) {
            throw new KvException("ERR Background append only file rewriting already in progress");
        }
        background.execute(() -> {
            try {
                aof.rewrite(store);
                lastRewriteOk = true;
                log.accept("rewrote the AOF: " + aof.size() + " bytes");
            } catch (IOException | RuntimeException e) {
                lastRewriteOk = false;
                log.accept("cannot rewrite the AOF: " + e);
            } finally {
                rewriting.set(false);
            }
        });
    }

    /** Epoch seconds of the last successful snapshot (or of the start), as LASTSAVE. */
    public long lastSave() {
        return lastSave / 1000;
    }

    public boolean appendOnly() {
        return aof != null;
    }

    /** CONFIG GET save's value: the save points as Redis prints them. */
    public String saveRules() {
        StringBuilder sb = new StringBuilder();
        for (PersistenceConfig.SaveRule r : config.save) {
            sb.append(sb.length() == 0 ? "" : " ").append(r);
        }
        return sb.toString();
    }

    /** INFO persistence, with Redis 7's field names. */
    public String info() {
        StringBuilder sb = new StringBuilder("# Persistence\r\n");
        field(sb, "loading", 0);
        field(sb, "rdb_changes_since_last_save", changes.sum());
        field(sb, "rdb_bgsave_in_progress", saving.get() ? 1 : 0);
        field(sb, "rdb_last_save_time", lastSave());
        field(sb, "rdb_last_bgsave_status", lastSaveOk ? "ok" : "err");
        field(sb, "rdb_saves", saves);
        field(sb, "aof_enabled", aof != null ? 1 : 0);
        field(sb, "aof_rewrite_in_progress", rewriting.get() ? 1 : 0);
        field(sb, "aof_last_bgrewrite_status", lastRewriteOk ? "ok" : "err");
        field(sb, "aof_rewrites", aof != null ? aof.rewrites() : 0);
        field(sb, "aof_last_write_status", aof != null && aof.lastError() != null ? "err" : "ok");
        if (aof != null) {
            field(sb, "aof_current_size", aof.size());
            field(sb, "aof_base_size", aof.baseSize());
            field(sb, "aof_fsync", aof.fsync().redisName());
        }
        return sb.append("\r\n").toString();
    }

    private static void field(StringBuilder sb, String name, Object value) {
        sb.append(name).append(':').append(value).append("\r\n");
    }

    /**
     * Stops persisting: a last snapshot if {@code save} (SHUTDOWN SAVE, or save points configured
     * and not NOSAVE), and the AOF forced and closed. Returns false when the snapshot failed.
     */
    public boolean shutdown(boolean save) {
        if (!stopped.compareAndSet(false, true)) {
            return true;
        }
        background.shutdownNow();
        boolean ok = true;
        if (save) {
            ok = writeSnapshot();
        }
        if (aof != null) {
            try {
                aof.close();
            } catch (IOException e) {
                log.accept("cannot close the AOF: " + e);
                ok = false;
            }
        }
        return ok;
    }

    /** Whether a plain SHUTDOWN or SIGTERM saves: when save points are configured, as in Redis. */
    public boolean savesOnShutdown() {
        return !config.save.isEmpty();
    }

    @Override
    public void close() {
        shutdown(savesOnShutdown());
    }
}
