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
 * <p>Speed comes from a large window (few map/unmap calls: the default is 64 MiB) and from
 * {@link ByteBuffer#put(byte[], int, int)}, which the JIT turns into a bounds check and a memory
 * copy. The page faults of first touch cost the same as they do for C's mmap+memcpy; nothing here
 * pre-faults or advises the kernel.
 *
 * <p>Not thread-safe: one writer per thread, as for any stream.
 */
public final class MappedFileWriter implements Closeable {
    /** 64 MiB: the cost of one mmap/munmap pair is lost in the time to fill it. */
    public static final int DEFAULT_WINDOW = 64 << 20;
    private static final ByteBuffer NOT_MAPPED = ByteBuffer.allocate(0);

    private final FileChannel channel;
    private final int windowSize;
    private final ForcePolicy force;
    private final long forceEvery;
    private ByteBuffer window = NOT_MAPPED;
    private Mapping mapping;
    /** File offset of the current window's first byte. */
    private long windowStart;
    /** File offset the next window starts at. */
    private long nextWindowStart;
    private final long startOffset;
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
        this(file, windowSize, force, 0);
    }

    /** Starts writing at {@code startOffset} of an emptied file (a sparse hole before): lets tests cross 2 GiB cheaply. */
    static MappedFileWriter startingAt(Path file, int windowSize, ForcePolicy force, long startOffset) throws IOException {
        return new MappedFileWriter(file, windowSize, force, startOffset);
    }

    private MappedFileWriter(Path file, int windowSize, ForcePolicy force, long startOffset) throws IOException {
        if (windowSize <= 0) {
            throw new IllegalArgumentException("window size must be > 0, was " + windowSize);
        }
        if (startOffset < 0) {
            throw new IllegalArgumentException("start offset must be >= 0, was " + startOffset);
        }
        this.windowSize = windowSize;
        this.force = force;
        this.forceEvery = force.everyBytes();
        this.startOffset = startOffset;
        this.windowStart = startOffset;
        this.nextWindowStart = startOffset;
        this.nextForceAt = forceEvery > 0 ? startOffset + forceEvery : Long.MAX_VALUE;
        // READ as well as WRITE: a READ_WRITE mapping needs a channel open for both.
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
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
        // map() extends the file to the window's end; close() cuts it back to the data.
        mapping = Mapping.map(channel, windowStart, windowSize);
        window = mapping.buffer;
        nextWindowStart = windowStart + windowSize;
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
