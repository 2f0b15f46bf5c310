package jab.kv.persist;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

import jab.kv.KvStore;
import jab.mmap.ForcePolicy;
import jab.mmap.MappedFileWriter;

/**
 * The snapshot file (dbfilename, dump.rdb by default): jab's own format, not Redis's RDB. It holds
 * the records an AOF rewrite holds (one {@code SET key value [PXAT ms]} per live key) between a
 * first record naming the format ({@code JABSNAPSHOT 1}) and a last one with the number of keys and
 * the CRC32C of every byte before it ({@code EOF keys crc}). A snapshot is only ever whole: it is
 * written to a temporary file, forced, and renamed over the old one, and the directory is forced, so
 * a crash leaves the old snapshot or the new one. Anything else on load (a missing end, a wrong
 * checksum, bytes after the end) is damage, and it is refused, never half loaded.
 */
final class SnapshotFile {
    private static final byte[] MAGIC = RecordEncoder.ascii("JABSNAPSHOT");
    private static final byte[] VERSION = RecordEncoder.ascii("1");
    private static final byte[] EOF = RecordEncoder.ascii("EOF");

    /** A snapshot that cannot be loaded; the file is left as it is. */
    static final class Corrupt extends IOException {
        private static final long serialVersionUID = 1L;

        Corrupt(Path file, String why) {
            super(file + " is not a whole jab snapshot (" + why + "); it was left as it is: move it away to start without it");
        }
    }

    private SnapshotFile() {
    }

    /** Writes the store as a snapshot to {@code target}, atomically; returns the keys written. */
    static long save(KvStore store, Path target) throws IOException {
        Path temp = target.resolveSibling("temp-" + ProcessHandle.current().pid() + "-" + Thread.currentThread().getId() + ".rdb");
        try {
            long[] keys = new long[1];
            writeRecords(store, temp, true, keys);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            forceDirectory(target.getParent());
            return keys[0];
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    static long writeRecords(KvStore store, Path file, boolean framed) throws IOException {
        return writeRecords(store, file, framed, new long[1]);
    }

    /**
     * One SET record per live key into {@code file} (framed: between the format record and the end
     * record), forced to the device on close; returns the bytes written.
     */
    private static long writeRecords(KvStore store, Path file, boolean framed, long[] keys) throws IOException {
        CRC32C crc = new CRC32C();
        RecordEncoder e = new RecordEncoder();
        try (MappedFileWriter w = MappedFileWriter.appending(file, 0, 8 << 20, ForcePolicy.onClose())) {
            if (framed) {
                e.command(MAGIC, VERSION);
            }
            store.forEach((key, value, expireAt) -> {
                e.set(key, value, expireAt);
                keys[0]++;
                if (e.length() > 1 << 16) {
                    crc.update(e.array(), 0, e.length());
                    w.write(e.array(), 0, e.length());
                    e.reset();
                }
            });
            crc.update(e.array(), 0, e.length());
            if (framed) {
                e.command(EOF, RecordEncoder.ascii(Long.toString(keys[0])), RecordEncoder.ascii(Long.toHexString(crc.getValue())));
            }
            w.write(e.array(), 0, e.length());
            return w.written();
        }
    }

    /** Loads a snapshot into the store; returns the keys loaded, or throws {@link Corrupt} having changed nothing it could not finish. */
    static long load(Path file, KvStore store) throws IOException {
        long size = Files.size(file);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            RecordReader r = new RecordReader(in, size);
            byte[][] first = r.next();
            if (first == null || first.length != 2 || !Arrays.equals(first[0], MAGIC)) {
                throw new Corrupt(file, "it does not start with JABSNAPSHOT");
            }
            if (!Arrays.equals(first[1], VERSION)) {
                throw new Corrupt(file, "format version " + new String(first[1], StandardCharsets.US_ASCII) + ", this jab reads 1");
            }
            long keys = 0;
            for (byte[][] rec; (rec = r.next()) != null; ) {
                if (Arrays.equals(rec[0], EOF)) {
                    if (rec.length != 3 || !Long.toString(keys).equals(ascii(rec[1]))
                            || !Long.toHexString(r.checksumBefore()).equals(ascii(rec[2]))) {
                        throw new Corrupt(file, "its end record does not match its content (count or CRC32C)");
                    }
                    if (r.next() != null || r.end() != size) {
                        throw new Corrupt(file, "bytes follow its end record");
                    }
                    return keys;
                }
                if (rec.length < 3 || !ascii(rec[0]).equals("SET")) {
                    throw new Corrupt(file, "a record other than SET");
                }
                try {
                    AppendOnlyFile.apply(rec, store);
                } catch (RuntimeException | IOException bad) {
                    throw new Corrupt(file, "a record that cannot be applied: " + bad.getMessage());
                }
                keys++;
            }
            throw new Corrupt(file, r.stop() != null ? r.stop() + " at byte " + r.end() : "no end record");
        }
    }

    private static String ascii(byte[] b) {
        return new String(b, StandardCharsets.US_ASCII);
    }

    /** Makes a rename in {@code dir} durable (fsync of the directory, as Redis does after renaming a snapshot). */
    static void forceDirectory(Path dir) throws IOException {
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException notOnThisSystem) {
            // some systems cannot open a directory for reading; the rename itself is still atomic
        }
    }
}
