package jab.bench.mmap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import jab.mmap.Pattern;

/**
 * One Java {@link WriteStrategy} writing {@code n} chunks to a fresh file, for {@code jab verify mmap}:
 * run under strace with n and 2n chunks, the difference gives the syscalls per chunk. It prints the
 * page faults this process took while writing (minor and major, from /proc/self/stat), so the same
 * difference gives the faults per MiB. The file is deleted before it exits.
 *
 * <p>{@code java -cp ... jab.bench.mmap.WriteProbe STRATEGY CHUNK_SIZE DIR N}; prints
 * {@code faults minor=M major=J bytes=B}.
 */
public final class WriteProbe {
    private WriteProbe() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: WriteProbe STRATEGY CHUNK_SIZE DIR N");
            System.exit(2);
        }
        WriteStrategy strategy = WriteStrategy.valueOf(args[0]);
        int chunkSize = Integer.parseInt(args[1]);
        // A path no file has: the strategies create it, as in the benchmarks (no truncate of an old one).
        Path file = Paths.get(args[2]).resolve("probe-" + ProcessHandle.current().pid() + ".bin");
        long total = Long.parseLong(args[3]) * chunkSize;
        byte[] chunk = Pattern.chunk(chunkSize);
        ByteBuffer direct = ByteBuffer.allocateDirect(chunkSize).put(chunk).flip();
        try {
            PageFaults before = PageFaults.now();
            long written = strategy.write(file, chunk, direct, total, false);
            PageFaults after = PageFaults.now();
            if (written != total) {
                throw new IllegalStateException(strategy + " wrote " + written + " bytes, expected " + total);
            }
            System.out.println("faults minor=" + (after.minor - before.minor) + " major=" + (after.major - before.major)
                    + " bytes=" + written);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
