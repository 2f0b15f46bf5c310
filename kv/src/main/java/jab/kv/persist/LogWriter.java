package jab.kv.persist;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

import jab.mmap.ForcePolicy;
import jab.mmap.MappedFileWriter;

/**
 * Where the append-only file's records go: appended after the last whole record, forced on demand,
 * and on close cut to the data and forced. Both writers allocate the file's blocks ahead by writing
 * zeros ({@link jab.mmap.ZeroFill}), so a full disk refuses a record whole before any byte of it is
 * written. Not thread-safe for writes; {@link #force()} may come from another thread.
 */
interface LogWriter extends Closeable {
    /** Windows of 8 MiB for the mapped writer: a mapping call per 8 MiB of log, and the zeros allocated ahead stay small. */
    int WINDOW = 8 << 20;

    /** Accepts a record whole, or refuses it whole (a full disk) with nothing of it in the file. */
    void write(byte[] src, int off, int len) throws IOException;

    /** Puts the records accepted so far into the file (a writer may gather them); called under the writers' lock. */
    void flush() throws IOException;

    /** fdatasync: everything flushed so far is on the device when it returns; may run beside {@link #write}. */
    void force() throws IOException;

    /**
     * The writer for {@code fsync}, continuing the log at {@code validEnd}. Under always, records
     * gathered and written once per forced pass ({@link PositionalLog}); otherwise jab's mapped writer, which copies a record into the
     * page cache with no system call. Measured under always (redis-benchmark SET, 50 clients): the
     * mapped writer reached 0.29x Redis's requests/s, because after every fdatasync the kernel
     * write-protects the pages it cleaned and the next record into the same page takes a write
     * fault (0.139 minor faults per SET under always, 0.053 under everysec); a write(2) takes none.
     */
    static LogWriter open(Path path, long validEnd, Fsync fsync) throws IOException {
        if (fsync == Fsync.ALWAYS) {
            return new PositionalLog(path, validEnd);
        }
        MappedFileWriter mapped = MappedFileWriter.appending(path, validEnd, WINDOW, ForcePolicy.onClose());
        return new LogWriter() {
            @Override
            public void write(byte[] src, int off, int len) throws IOException {
                mapped.write(src, off, len);
            }

            @Override
            public void flush() {
                // nothing to do: a record is in the page cache the moment write() returns
            }

            @Override
            public void force() throws IOException {
                mapped.force();
            }

            @Override
            public void close() throws IOException {
                mapped.close();
            }
        };
    }
}
