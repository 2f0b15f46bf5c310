package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import jab.harness.family.Profile;
import jab.kv.load.RespClient;

/**
 * Bytes per key, the same way for both servers: a fresh server, its RSS (VmRSS) and INFO memory's
 * used_memory read, then N keys of 16 bytes with 32-byte values set over RESP (pipelined, 1000 per
 * round trip), and both read again; N keys more and RSS again (the slope); RSS once more after MEMORY PURGE. The growth over N is what
 * one key costs each: RSS growth is what the machine pays (for jab: heap the JVM took, garbage not
 * yet collected included; after the purge, what it keeps), used_memory what the server counts for its
 * data (Redis: its allocator's bytes; jab: its entries' objects).
 */
final class MemoryPerKey {
    static final int KEY_BYTES = 16;
    static final int VALUE_BYTES = 32;
    private static final int BATCH = 1000;

    private MemoryPerKey() {
    }

    /**
     * Keys loaded per server (and as many again for the slope): 1,000,000 in thorough, as issue 16
     * measured; 250,000 in default, where the load of both servers took 29 s of a 21-min run at a
     * million. Both servers grow their tables by doubling, so the slope from N to 2N keys crosses one
     * doubling whatever N is, and what a key costs does not depend on the count; the fixed part
     * (subtracted by the slope) does.
     */
    static int keys(Profile profile) {
        return switch (profile) {
            case SMOKE -> 100_000;
            case DEFAULT -> 250_000;
            case THOROUGH -> 1_000_000;
        };
    }

    /**
     * Loads {@code keys} keys and reads RSS and used_memory, loads as many again and reads RSS (the
     * slope from {@code keys} to twice as many: what one more key costs, without what is fixed), then
     * MEMORY PURGE and RSS once more.
     */
    static MemoryPerKeyDocument measure(ServerProcess server, int keys) throws IOException {
        try (RespClient c = new RespClient("127.0.0.1", server.port)) {
            long rssBefore = rss(server.pid());
            long usedBefore = usedMemory(c);
            load(c, server, 0, keys);
            long rssAfter = rss(server.pid());
            long usedAfter = usedMemory(c);
            load(c, server, keys, 2 * keys);
            long rssAfterTwice = rss(server.pid());
            return new MemoryPerKeyDocument(server.name, server.version, keys, KEY_BYTES, VALUE_BYTES, rssBefore, rssAfter,
                    usedBefore, usedAfter, rssAfterPurge(c, server), rssAfterTwice);
        }
    }

    /** SETs keys number {@code from} to {@code to} (exclusive), 1000 per round trip, then waits for a DBSIZE: all are stored. */
    private static void load(RespClient c, ServerProcess server, int from, int to) throws IOException {
        String value = "v".repeat(VALUE_BYTES);
        for (int batch = from; batch < to; batch += BATCH) {
            int end = Math.min(to, batch + BATCH);
            for (int i = batch; i < end; i++) {
                c.command("SET", String.format(Locale.ROOT, "key:%012d", i), value);
            }
            c.flush();
            for (int i = batch; i < end; i++) {
                if (!c.readReply()) {
                    throw new IOException(server.name + " refused a SET while loading keys");
                }
            }
        }
        c.command("DBSIZE");
        c.flush();
        c.readReply();
    }

    /**
     * RSS once the server has returned what it can: MEMORY PURGE (Redis: its allocator gives dirty pages
     * back; jab: a full collection, after which the heap shrinks), then a moment for the OS to count it.
     */
    private static long rssAfterPurge(RespClient c, ServerProcess server) throws IOException {
        c.command("MEMORY", "PURGE");
        c.flush();
        if (!c.readReply()) {
            throw new IOException(server.name + " refused MEMORY PURGE");
        }
        try {
            Thread.sleep(PURGE_SETTLE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting after MEMORY PURGE", e);
        }
        return rss(server.pid());
    }

    /** jemalloc's purge returns pages at once; the JVM's heap shrink as well, but uncommits in the background. */
    private static final long PURGE_SETTLE_MILLIS = 2000;

    private static long usedMemory(RespClient c) throws IOException {
        c.command("INFO", "memory");
        c.flush();
        for (String line : c.readBulkString().split("\r\n")) {
            if (line.startsWith("used_memory:")) {
                return Long.parseLong(line.substring("used_memory:".length()).trim());
            }
        }
        throw new IOException("no used_memory in INFO memory");
    }

    /** VmRSS of a process, in bytes (Linux); -1 where /proc does not say. */
    static long rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException notLinux) {
            // no /proc
        }
        return -1;
    }
}
