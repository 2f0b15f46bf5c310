package jab.harness.history;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

import jab.harness.JabHome;
import jab.harness.UsageException;

/**
 * Where a history lives: a SQLite file by default (embedded, one file to keep, copy or upload as a CI
 * artifact), or a team's PostgreSQL given as a JDBC URL. Its schema is Flyway's migrations under
 * {@code db/history} (one SQL script per version, the same for both databases), applied on every open,
 * so an older history file is brought up to date by the jab that opens it.
 *
 * <p>SQLite: write-ahead log (readers never block the writer), a busy timeout (a second writer waits
 * rather than fails) and transactions that take the write lock at their start (two writers never
 * deadlock upgrading a read lock). Two processes that open a new file at once migrate it one after the
 * other, under a lock file beside it.
 */
public final class HistoryDb {
    /** The default history: beside the run directories of the default results folder. */
    public static final String FILE_NAME = "history.db";
    static final int BUSY_TIMEOUT_MS = 60_000;

    private final String location;
    private final DataSource source;

    private HistoryDb(String location, DataSource source) {
        this.location = location;
        this.source = source;
    }

    /** The history of the default results folder: {@code results/history.db} in the jab checkout. */
    public static Path defaultFile() {
        return JabHome.get().resolve("results").resolve(FILE_NAME);
    }

    /** A SQLite file path or a JDBC URL ({@code jdbc:postgresql://host/db?user=...}); null for the default file. */
    public static HistoryDb open(String db) {
        if (db == null || db.isBlank()) {
            return openFile(defaultFile());
        }
        if (db.startsWith("jdbc:sqlite:")) {
            return openFile(Path.of(db.substring("jdbc:sqlite:".length())));
        }
        if (db.startsWith("jdbc:postgresql:")) {
            return migrated(new HistoryDb(db.replaceAll("password=[^&]*", "password=***"), postgres(db)));
        }
        if (db.startsWith("jdbc:")) {
            throw new UsageException("--db " + db + ": jab history keeps its runs in a SQLite file (a path) or in PostgreSQL "
                    + "(jdbc:postgresql://HOST[:PORT]/DB?user=U&password=P); other databases are not supported");
        }
        return openFile(Path.of(db));
    }

    private static HistoryDb openFile(Path file) {
        Path abs = file.toAbsolutePath();
        if (Files.isDirectory(abs)) {
            throw new UsageException("--db " + file + " is a folder: give the history's file, e.g. " + abs.resolve(FILE_NAME));
        }
        try {
            Files.createDirectories(abs.getParent());
        } catch (IOException e) {
            throw new UsageException("--db " + file + ": cannot create its folder: " + e.getMessage());
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        config.enforceForeignKeys(true);
        SQLiteDataSource ds = new SQLiteDataSource(config);
        ds.setUrl("jdbc:sqlite:" + abs);
        HistoryDb db = new HistoryDb(abs.toString(), ds);
        Path lock = abs.resolveSibling(abs.getFileName() + ".migrate-lock");
        try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = ch.lock()) {
            return migrated(db);
        } catch (IOException e) {
            throw new UsageException("--db " + file + ": cannot lock " + lock + ": " + e.getMessage());
        }
    }

    private static DataSource postgres(String url) {
        org.postgresql.ds.PGSimpleDataSource ds = new org.postgresql.ds.PGSimpleDataSource();
        ds.setUrl(url);
        return ds;
    }

    private static HistoryDb migrated(HistoryDb db) {
        try {
            Flyway.configure(HistoryDb.class.getClassLoader()).dataSource(db.source).locations("classpath:db/history")
                    .table("jab_schema_history").load().migrate();
            return db;
        } catch (FlywayException e) {
            throw new UsageException("--db " + db.location + ": cannot open or migrate the history: " + rootMessage(e));
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    /** A connection with auto-commit off: the caller commits, one transaction per run. */
    Connection connect() throws SQLException {
        Connection c = source.getConnection();
        c.setAutoCommit(false);
        return c;
    }

    /** The file's path or the URL, its password masked: for messages. */
    public String location() {
        return location;
    }
}
