package jab.mmap;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file front to back through memory mappings: bytes are copied straight into the page
 * cache, with no system call per write. One {@link MappedByteBuffer} cannot exceed 2^31-1 bytes,
 * so the writer maps a window, fills it, unmaps it and maps the next one; files of any size work.
 * {@link #close()} unmaps at once (see {@link #unmapMethod()}) and cuts the file to the bytes written,
 * since the last window usually reaches past the end of the data.
 *
 * <p>Speed comes from three things. A large window (few map/unmap calls: the default is 64 MiB).
 * {@link ByteBuffer#put(byte[], int, int)}, which the JIT turns into a bounds check and a memory
 * copy. And a file length kept far ahead of the window being filled ({@link #DEFAULT_RESERVE_AHEAD}):
 * {@code FileChannel.map} by itself extends the file only to the end of each window, and with the end
 * of file that close the kernel serves each first-touch page fault with fewer pages. Measured on
 * Linux 6.18, ext4, 256 MiB in 4 KiB writes with 64 MiB windows: 8 pages per fault and ~125 ms per
 * file when each window extends the file, 23 pages per fault and ~80 ms (as fast as C mapping the
 * whole file at once) with the length reserved 1 GiB ahead. The reserve is a sparse hole ended by
 * one zero byte, and {@link #close()} cuts it off. On file systems without sparse files (FAT, exFAT)
 * the hole would be written as zeros: pass a reserve of 0 there.
 *
 * <p>An append-only log needs two things more ({@link #appending}): it continues an existing file,
 * and it must survive a full disk. A write to a mapped page of a sparse hole that the file system
 * cannot allocate is not an error a call returns: the process gets SIGBUS. So a log's writer
 * allocates each window's blocks before mapping it, by writing zeros with an ordinary write, which
 * fails with an {@link IOException} ("No space left on device") instead; and a write that would need
 * a window it cannot allocate fails before it copies any byte, so a record is never half-written.
 * The zeros it leaves after the data when the process dies are for the reader to cut off.
 *
 * <p>Not thread-safe: one writer per thread, as for any stream.
 */
public final class MappedFileWriter implements Closeable {
    /** 64 MiB: the cost of one mmap/munmap pair is lost in the time to fill it. */
    public static final int DEFAULT_WINDOW = 64 << 20;
    /** 1 GiB: how far beyond the current window the file's length is kept (see the class comment). */
    public static final long DEFAULT_RESERVE_AHEAD = 1L << 30;
    private static final ByteBuffer NOT_MAPPED = ByteBuffer.allocate(0);

    private final FileChannel channel;
    private final int windowSize;
    private final long reserveAhead;
    /** The file's length as this writer last set it: mapping below it does not extend the file. */
    private long reservedEnd;
    private final ForcePolicy force;
    private final long forceEvery;
    private ByteBuffer window = NOT_MAPPED;
    private Mapping mapping;
    /** File offset of the current window's first byte. */
    private long windowStart;
    /** File offset the next window starts at. */
    private long nextWindowStart;
    private final long startOffset;
    /** Whether windows get their disk blocks before they are mapped (see the class comment). */
    private final boolean preallocate;
    /** The end of the blocks allocated so far, when preallocating. */
    private long allocatedEnd;
    private long nextForceAt;
    private boolean closed;

    /** A writer with the default window that never forces (page cache only). */
    public MappedFileWriter(Path file) throws IOException {
        this(file, DEFAULT_WINDOW, ForcePolicy.never());
    }

    /**
     * Creates or truncates {@code file}.
     *
     * @param windowSize bytes mapped at a time, 1 to 2^31-1; small values are for tests
     */
    public MappedFileWriter(Path file, int windowSize, ForcePolicy force) throws IOException {
        this(file, windowSize, force, DEFAULT_RESERVE_AHEAD);
    }

    /**
     * Creates or truncates {@code file}.
     *
     * @param windowSize bytes mapped at a time, 1 to 2^31-1; small values are for tests
     * @param reserveAhead bytes of sparse file length kept beyond the current window, 0 for none
     */
    public MappedFileWriter(Path file, int windowSize, ForcePolicy force, long reserveAhead) throws IOException {
        this(file, windowSize, force, reserveAhead, 0);
    }

    /** Starts writing at {@code startOffset} of an emptied file (a sparse hole before): lets tests cross 2 GiB cheaply. */
    static MappedFileWriter startingAt(Path file, int windowSize, ForcePolicy force, long startOffset) throws IOException {
        return new MappedFileWriter(file, windowSize, force, DEFAULT_RESERVE_AHEAD, startOffset, true, false);
    }

    /**
     * A writer for an append-only log: continues {@code file} (created if missing) at {@code from},
     * where its valid data ends, cutting off whatever follows, and allocates each window's disk
     * blocks before mapping it, so a full disk is an IOException of the write that needs the space,
     * with nothing of that write in the file. {@link #written()} counts from {@code from}.
     */
    public static MappedFileWriter appending(Path file, long from, int windowSize, ForcePolicy force) throws IOException {
        return new MappedFileWriter(file, windowSize, force, 0, from, false, true);
    }

    private MappedFileWriter(Path file, int windowSize, ForcePolicy force, long reserveAhead, long startOffset)
            throws IOException {
        this(file, windowSize, force, reserveAhead, startOffset, true, false);
    }

    private MappedFileWriter(Path file, int windowSize, ForcePolicy force, long reserveAhead, long startOffset,
            boolean truncate, boolean preallocate) throws IOException {
        if (windowSize <= 0) {
            throw new IllegalArgumentException("window size must be > 0, was " + windowSize);
        }
        if (reserveAhead < 0) {
            throw new IllegalArgumentException("reserve ahead must be >= 0, was " + reserveAhead);
        }
        if (startOffset < 0) {
            throw new IllegalArgumentException("start offset must be >= 0, was " + startOffset);
        }
        this.windowSize = windowSize;
        this.reserveAhead = reserveAhead;
        this.force = force;
        this.forceEvery = force.everyBytes();
        this.startOffset = startOffset;
        this.windowStart = startOffset;
        this.nextWindowStart = startOffset;
        this.nextForceAt = forceEvery > 0 ? startOffset + forceEvery : Long.MAX_VALUE;
        // READ as well as WRITE: a READ_WRITE mapping needs a channel open for both. O_TRUNC, not
        // ftruncate(0) after opening: on ext4 a truncate to 0 marks the file for "auto_da_alloc",
        // and close() would then start writing every dirty page back (measured: 200 ms instead of 80
        // for 256 MiB), while O_TRUNC on a file that open() itself created truncates nothing.
        this.preallocate = preallocate;
        this.channel = truncate
                ? FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        if (!truncate) {
            try {
                if (channel.size() > startOffset) {
                    channel.truncate(startOffset);
                }
                this.allocatedEnd = channel.size();
            } catch (IOException e) {
                channel.close();
                throw e;
            }
        }
    }

    /** Appends {@code len} bytes of {@code src} from {@code off}. */
    public void write(byte[] src, int off, int len) throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        ByteBuffer w = window;
        if (len <= w.remaining()) {
            w.put(src, off, len); // the common case: one bounds check and a copy
        } else {
            if ((off | len) < 0 || len > src.length - off) {
                throw new IndexOutOfBoundsException("off " + off + ", len " + len + ", array of " + src.length);
            }
            if (preallocate) {
                allocate(windowStart + w.position() + len);
            }
            while (len > 0) {
                if (!window.hasRemaining()) {
                    nextWindow();
                }
                int n = Math.min(len, window.remaining());
                window.put(src, off, n);
                off += n;
                len -= n;
            }
        }
        if (forceEvery > 0) {
            forceIfDue();
        }
    }

    public void write(byte[] src) throws IOException {
        write(src, 0, src.length);
    }

    /** Appends the remaining bytes of {@code src} (heap or direct) and advances its position. */
    public void write(ByteBuffer src) throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        if (src.remaining() <= window.remaining()) {
            window.put(src);
        } else {
            if (preallocate) {
                allocate(windowStart + window.position() + src.remaining());
            }
            int limit = src.limit();
            while (src.hasRemaining()) {
                if (!window.hasRemaining()) {
                    nextWindow();
                }
                int n = Math.min(src.remaining(), window.remaining());
                src.limit(src.position() + n);
                window.put(src);
                src.limit(limit);
            }
        }
        if (forceEvery > 0) {
            forceIfDue();
        }
    }

    /**
     * Moves the write position back to the start of the current window, which stays mapped with its
     * pages already faulted in: writing it again costs no mapping call and no page fault. This is for
     * steady-state benchmarks of what one write call costs (jab's JRuby call-cost benchmark), not for
     * files: later writes overwrite the window from its start, and {@link #written()} and the length
     * {@link #close()} leaves count from there.
     */
    public void rewind() throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        window.position(0);
    }

    /**
     * Forces what was written so far to the device now (fdatasync of the whole file, which also
     * covers windows already unmapped), whatever the policy; safe to call from another thread than
     * the writing one. A log calls it before it acknowledges a write.
     */
    public void force() throws IOException {
        channel.force(false);
    }

    /** Bytes written so far. */
    public long written() {
        return windowStart + window.position() - startOffset;
    }

    /** How this JVM releases windows at once: Arena.close on JDK 22+, Unsafe.invokeCleaner before. */
    public static String unmapMethod() {
        return Mapping.method();
    }

    /** How many windows have been mapped so far (for tests and diagnostics). */
    public long windowsMapped() {
        return (nextWindowStart - startOffset) / windowSize;
    }

    private void nextWindow() throws IOException {
        release();
        windowStart = nextWindowStart;
        long windowEnd = windowStart + windowSize;
        if (reserveAhead > 0 && windowEnd > reservedEnd) {
            reservedEnd = windowEnd + reserveAhead;
            // One zero byte at the new end sets the length (FileChannel cannot extend otherwise); the
            // hole before it stays sparse, and the byte is overwritten by data or cut off by close().
            channel.write(ByteBuffer.allocate(1), reservedEnd - 1);
        }
        // Without a reserve, map() extends the file to the window's end; close() cuts it back to the data.
        mapping = Mapping.map(channel, windowStart, windowSize);
        window = mapping.buffer;
        nextWindowStart = windowStart + windowSize;
    }

    /**
     * Allocates disk blocks up to the end of the window that holds byte {@code end - 1} ({@link
     * ZeroFill}): a full disk fails here, before anything is mapped or copied.
     */
    private void allocate(long end) throws IOException {
        // the windows still to map start at nextWindowStart, one windowSize apart
        long target = nextWindowStart + Math.max(0, (end - nextWindowStart + windowSize - 1) / windowSize) * windowSize;
        if (allocatedEnd >= target) {
            return; // the common case: the window is allocated already, no garbage per record
        }
        allocatedEnd = ZeroFill.extend(channel, allocatedEnd, target);
    }

    private void release() {
        ByteBuffer old = window;
        windowStart += old.position(); // keep written() right while no window is mapped
        window = NOT_MAPPED;
        if (mapping != null) {
            Mapping m = mapping;
            mapping = null;
            m.release();
        }
    }

    private void forceIfDue() throws IOException {
        if (windowStart + window.position() >= nextForceAt) {
            // fdatasync of the whole file also covers windows already unmapped, which
            // MappedByteBuffer.force() of the current window would not.
            channel.force(false);
            nextForceAt = windowStart + window.position() + forceEvery;
        }
    }

    /**
     * Unmaps, cuts the file to the bytes written, forces if the policy says so, closes. A second
     * call does nothing.
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            long end = windowStart + window.position();
            release();
            // Only after unmapping: some systems refuse to truncate a mapped file.
            channel.truncate(end);
            if (force.forcesOnClose()) {
                channel.force(true); // true: the new length is metadata and must be durable too
            }
        } finally {
            channel.close();
        }
    }
}
