package jab.bench.mmap;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import jab.mmap.ForcePolicy;
import jab.mmap.MappedFileWriter;

/**
 * The Java ways of writing a file front to back in chunks. Each writes {@code total} bytes of
 * {@code chunk} (the last piece cut to fit), with an fsync before close when {@code force} is set,
 * and returns the bytes written.
 */
public enum WriteStrategy {
    /** jab's {@link MappedFileWriter}: copies into 64 MiB mapped windows, no system call per write; the file length is reserved 1 GiB ahead. */
    JAB_MAPPED_WRITER {
        @Override
        long write(Path file, byte[] chunk, ByteBuffer direct, long total, boolean force) throws IOException {
            try (MappedFileWriter w = new MappedFileWriter(file, MappedFileWriter.DEFAULT_WINDOW,
                    force ? ForcePolicy.onClose() : ForcePolicy.never())) {
                long left = total;
                for (; left >= chunk.length; left -= chunk.length) {
                    w.write(chunk, 0, chunk.length);
                }
                w.write(chunk, 0, (int) left);
                return w.written();
            }
        }
    },
    /** FileChannel.write of a heap buffer: the JDK copies it into a temporary direct buffer first. */
    FILECHANNEL_HEAP {
        @Override
        long write(Path file, byte[] chunk, ByteBuffer direct, long total, boolean force) throws IOException {
            return channelWrite(file, ByteBuffer.wrap(chunk), total, force);
        }
    },
    /** FileChannel.write of a direct buffer already holding the data: write(2) straight from it. */
    FILECHANNEL_DIRECT {
        @Override
        long write(Path file, byte[] chunk, ByteBuffer direct, long total, boolean force) throws IOException {
            return channelWrite(file, direct, total, force);
        }
    },
    /** RandomAccessFile.write(byte[], off, len): one write(2) per chunk through JNI, via a stack or malloc'd copy. */
    RANDOM_ACCESS_FILE {
        @Override
        long write(Path file, byte[] chunk, ByteBuffer direct, long total, boolean force) throws IOException {
            // The file is fresh (see SingleShotWrite), so no setLength(0): on ext4 a truncate to 0 arms
            // auto_da_alloc, and close() would then start write-back of the whole file.
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                long left = total;
                for (; left >= chunk.length; left -= chunk.length) {
                    raf.write(chunk, 0, chunk.length);
                }
                raf.write(chunk, 0, (int) left);
                if (force) {
                    raf.getFD().sync();
                }
                return raf.length();
            }
        }
    },
    /** BufferedOutputStream (8 KiB) over FileOutputStream: small chunks are gathered, 16k ones pass through. */
    BUFFERED_OUTPUT_STREAM {
        @Override
        long write(Path file, byte[] chunk, ByteBuffer direct, long total, boolean force) throws IOException {
            try (FileOutputStream fos = new FileOutputStream(file.toFile());
                 BufferedOutputStream out = new BufferedOutputStream(fos)) {
                long left = total;
                for (; left >= chunk.length; left -= chunk.length) {
                    out.write(chunk, 0, chunk.length);
                }
                out.write(chunk, 0, (int) left);
                out.flush();
                if (force) {
                    fos.getFD().sync();
                }
                return fos.getChannel().size();
            }
        }
    },
    /**
     * JDK 22+: the whole file as one MemorySegment ({@code FileChannel.map(..., Arena)}), no 2 GiB
     * limit, unmapped when the arena closes. The harness adds it on JDK 22+ forks only.
     */
    MAPPED_MEMORY_SEGMENT {
        @Override
        long write(Path file, byte[] chunk, ByteBuffer direct, long total, boolean force) throws IOException {
            return MappedSegments.write(file, chunk, total, force);
        }
    };

    /** The strategies every JDK from 11 on can run (the default of the benchmark's param). */
    public static final String[] EVERY_JDK = {"JAB_MAPPED_WRITER", "FILECHANNEL_HEAP", "FILECHANNEL_DIRECT",
        "RANDOM_ACCESS_FILE", "BUFFERED_OUTPUT_STREAM"};

    /** The oldest JDK feature release that runs this strategy. */
    public int minimumJdk() {
        return this == MAPPED_MEMORY_SEGMENT ? 22 : 11;
    }

    /**
     * @param direct a direct buffer of the chunk's size holding the chunk, for {@link #FILECHANNEL_DIRECT}
     */
    abstract long write(Path file, byte[] chunk, ByteBuffer direct, long total, boolean force) throws IOException;

    private static long channelWrite(Path file, ByteBuffer buf, long total, boolean force) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            int chunk = buf.capacity();
            for (long left = total; left > 0; left -= chunk) {
                buf.clear().limit((int) Math.min(chunk, left));
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            }
            if (force) {
                ch.force(true);
            }
            return ch.size();
        }
    }
}
