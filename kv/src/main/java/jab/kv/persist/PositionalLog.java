package jab.kv.persist;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import jab.mmap.ZeroFill;

/**
 * The log for appendfsync always: records gather in memory and go to the file with one positional
 * write (pwrite) when the server forces them, before the replies of an event-loop pass, as Redis
 * writes its aof_buf once in beforeSleep. So a pass with many writes costs one pwrite and one
 * fdatasync, and no page fault follows the fdatasync (see {@link LogWriter#open}).
 *
 * <p>A full disk still refuses a record whole, at {@link #write}: the blocks a record will land in
 * are allocated with zeros ({@link ZeroFill}) before it is accepted, so the later pwrite only
 * overwrites allocated blocks, and the fdatasync flushes data alone while the length and extents
 * stay as they are. Blocks are allocated 1 MiB at a time, so the zeros the next fdatasync also
 * carries to the device stay few.
 */
final class PositionalLog implements LogWriter {
    static final int ALLOCATE = 1 << 20;
    /** Records gathered before a write; a pass that gathers more writes early (a larger record goes straight to the file). */
    static final int GATHER = 256 << 10;

    private final FileChannel channel;
    /** Direct: a heap buffer would be copied into the JDK's temporary direct buffer on every write. */
    private final ByteBuffer gathered = ByteBuffer.allocateDirect(GATHER);
    /** The end of what is in the file; the records accepted end {@link #gathered}'s position later. */
    private long written;
    /** The end of the blocks written with zeros so far. */
    private long allocatedEnd;
    private boolean closed;

    PositionalLog(Path path, long validEnd) throws IOException {
        channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            if (channel.size() > validEnd) {
                channel.truncate(validEnd); // a torn tail or zeros from before: cut off, as the mapped writer does
            }
            written = validEnd;
            allocatedEnd = channel.size();
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    @Override
    public void write(byte[] src, int off, int len) throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        long end = end();
        if (end + len > allocatedEnd) {
            allocatedEnd = ZeroFill.extend(channel, allocatedEnd, (end + len + ALLOCATE - 1) / ALLOCATE * ALLOCATE);
        }
        if (len > gathered.remaining()) {
            flush();
        }
        if (len > gathered.remaining()) {
            try {
                writeFully(ByteBuffer.wrap(src, off, len));
            } catch (IOException e) {
                written = end; // not accepted: the next record overwrites what of it reached the file
                throw e;
            }
        } else {
            gathered.put(src, off, len);
        }
    }

    /** The end of the records accepted: those in the file, then those gathered. */
    private long end() {
        return written + gathered.position();
    }

    /** Writes the gathered records to the file; what a failed write left is written by the next call. */
    @Override
    public void flush() throws IOException {
        if (gathered.position() == 0) {
            return;
        }
        gathered.flip();
        try {
            writeFully(gathered);
        } finally {
            gathered.compact();
        }
    }

    private void writeFully(ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            written += channel.write(bytes, written);
        }
    }

    @Override
    public void force() throws IOException {
        channel.force(false);
    }

    /** Writes what is gathered, cuts the file to the records (the zeros allocated ahead go), forces data and length, closes. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            flush();
            channel.truncate(end());
            channel.force(true);
        } finally {
            channel.close();
        }
    }
}
