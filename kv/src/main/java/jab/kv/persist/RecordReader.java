package jab.kv.persist;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32C;

/**
 * Reads the records {@link RecordEncoder} writes, strictly: each must be an array of bulk strings
 * ({@code *N\r\n} then N times {@code $len\r\n}, the bytes, {@code \r\n}), nothing else, not the
 * inline commands a server accepts from telnet. It stops at the first byte that does not continue a
 * whole record (the end of the data, a record cut short by a crash, the zeros a log's writer
 * allocates ahead) and says where the last whole record ended, which is where a log is cut.
 * Lengths are checked against the bytes left before anything is allocated, so a damaged length
 * cannot make it allocate gigabytes.
 */
final class RecordReader {
    /** More arguments than any record of jab's has: a count beyond it is damage. */
    private static final int MAX_ARGS = 1024;

    private final InputStream in;
    private final long size;
    private final CRC32C crc = new CRC32C();
    private long offset;
    private long end;
    private long checksumBefore;
    private String stop;

    /** @param size the bytes the stream holds (the file's length): no length may reach past it */
    RecordReader(InputStream in, long size) {
        this.in = in;
        this.size = size;
    }

    /** The next whole record, or null when there is none: then {@link #end()} and {@link #stop()} say why. */
    byte[][] next() throws IOException {
        checksumBefore = crc.getValue();
        long start = offset;
        try {
            if (offset == size) {
                return null;
            }
            if (read() != '*') {
                return stopped(start, "a byte that starts no record");
            }
            long count = number();
            if (count < 1 || count > MAX_ARGS) {
                return stopped(start, "a record with " + count + " arguments");
            }
            byte[][] args = new byte[(int) count][];
            for (int i = 0; i < count; i++) {
                if (read() != '$') {
                    return stopped(start, "an argument that is not a bulk string");
                }
                long n = number();
                if (n < 0 || n + 2 > size - offset) {
                    return stopped(start, n < 0 ? "a length that is no number" : "a record cut short");
                }
                args[i] = new byte[(int) n];
                readFully(args[i]);
                if (read() != '\r' || read() != '\n') {
                    return stopped(start, "an argument not ended by CRLF");
                }
            }
            end = offset;
            return args;
        } catch (EOFException cut) {
            return stopped(start, "a record cut short");
        }
    }

    /** The offset after the last whole record. */
    long end() {
        return end;
    }

    /** Why reading stopped: null when the data ended after a whole record. */
    String stop() {
        return stop;
    }

    /** CRC32C of every byte before the record {@link #next()} returned last. */
    long checksumBefore() {
        return checksumBefore;
    }

    private byte[][] stopped(long at, String why) {
        end = at;
        stop = why;
        return null;
    }

    /** Digits up to CRLF. */
    private long number() throws IOException {
        long n = 0;
        int digits = 0;
        boolean negative = false;
        for (int c = read(); c != '\r'; c = read()) {
            if (c == '-' && digits == 0 && !negative) {
                negative = true;
                continue;
            }
            if (c < '0' || c > '9' || ++digits > 18) {
                return -1; // not a length: the caller reports it as damage
            }
            n = n * 10 + (c - '0');
        }
        if (read() != '\n') {
            return -1;
        }
        return negative ? -n : n;
    }

    private int read() throws IOException {
        int c = in.read();
        if (c < 0) {
            throw new EOFException();
        }
        crc.update(c);
        offset++;
        return c;
    }

    private void readFully(byte[] b) throws IOException {
        int at = 0;
        while (at < b.length) {
            int n = in.read(b, at, b.length - at);
            if (n < 0) {
                throw new EOFException();
            }
            at += n;
        }
        crc.update(b, 0, b.length);
        offset += b.length;
    }
}
