package jab.mmap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * The bytes every strategy writes, so tests can check any file against the same expectation: a
 * chunk of {@code chunkSize} bytes 'a'..'z' repeated, written again and again, the last chunk cut
 * to fit {@code totalBytes}. ASCII, so a Ruby String carries it through every conversion unchanged.
 */
public final class Pattern {
    private Pattern() {
    }

    public static byte at(long chunkIndex) {
        return (byte) ('a' + (int) (chunkIndex % 26));
    }

    public static byte[] chunk(int chunkSize) {
        byte[] b = new byte[chunkSize];
        for (int i = 0; i < chunkSize; i++) {
            b[i] = at(i);
        }
        return b;
    }

    /** CRC32 of the file a strategy should have written. */
    public static long expectedCrc(int chunkSize, long totalBytes) {
        byte[] c = chunk(chunkSize);
        CRC32 crc = new CRC32();
        long left = totalBytes;
        while (left > 0) {
            int n = (int) Math.min(c.length, left);
            crc.update(c, 0, n);
            left -= n;
        }
        return crc.getValue();
    }

    public static long crcOf(Path file) throws IOException {
        CRC32 crc = new CRC32();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0;) {
                crc.update(buf, 0, n);
            }
        }
        return crc.getValue();
    }
}
