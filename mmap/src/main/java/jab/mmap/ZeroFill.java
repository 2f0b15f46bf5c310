package jab.mmap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Allocates a file's disk blocks ahead of the data by writing zeros with ordinary writes. A full
 * disk then fails here, with an {@link IOException} ("No space left on device"), before a log
 * copies any byte of a record, so no record is ever half-written; and data written later into
 * these blocks overwrites allocated space, which an fdatasync flushes without a change of the
 * file's length or extents. A reader of such a log cuts off the zeros after the last record.
 */
public final class ZeroFill {
    private ZeroFill() {
    }

    /** Writes zeros from {@code from} up to {@code to}; returns {@code to}. */
    public static long extend(FileChannel channel, long from, long to) throws IOException {
        if (from >= to) {
            return from;
        }
        ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(1 << 20, to - from));
        long end = from;
        while (end < to) {
            zeros.clear();
            zeros.limit((int) Math.min(zeros.capacity(), to - end));
            end += channel.write(zeros, end);
        }
        return end;
    }
}
