package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jab.harness.family.Profile;
import jab.kv.load.RespClient;

/**
 * Bytes per key, the same way for every server: a fresh server given a warm-up load that is flushed
 * again ({@link #warmUp}) and a few seconds to settle ({@link #SETTLE_MILLIS}); its RSS (VmRSS) and
 * INFO memory's used_memory read, then N keys of 16 bytes with 32-byte values set over RESP
 * (pipelined, 1000 per round trip), and both read again; RSS once more after ten seconds without
 * requests; N keys more and RSS again (the slope); RSS once more after MEMORY PURGE. The growth over
 * N is what one key costs each: RSS growth is what the machine pays (for jab: heap the JVM took,
 * garbage not yet collected included; after the idle wait or the purge, what it keeps), used_memory
 * what the server counts for its data (Redis: its allocator's bytes; jab: its entries' objects).
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
     * Every server measured the same way, side by side: each loaded with {@code keys} keys in turn (RSS
     * and used_memory read before and right after), then all left idle for {@code idleMillis} and their
     * RSS read again (what a user who looks a little later sees: an idle JVM may collect and give heap
     * back), then each loaded with as many keys more (the slope) and purged. One idle wait serves every
     * server; a server loaded earlier has been idle that much longer.
     */
    static List<MemoryPerKeyDocument> measure(List<ServerProcess> servers, int keys, long idleMillis, String defaultTransport)
            throws IOException {
        List<RespClient> clients = new ArrayList<>();
        try {
            for (ServerProcess s : servers) {
                RespClient c = new RespClient("127.0.0.1", s.port);
                clients.add(c);
                warmUp(c, s);
            }
            pause(SETTLE_MILLIS, "while the fresh servers settled");
            long[] rssBefore = new long[servers.size()];
            long[] usedBefore = new long[servers.size()];
            long[] rssAfter = new long[servers.size()];
            long[] usedAfter = new long[servers.size()];
            for (int i = 0; i < servers.size(); i++) {
                ServerProcess s = servers.get(i);
                RespClient c = clients.get(i);
                rssBefore[i] = rss(s.pid());
                usedBefore[i] = usedMemory(c);
                load(c, s, 0, keys);
                rssAfter[i] = rss(s.pid());
                usedAfter[i] = usedMemory(c);
            }
            pause(idleMillis, "while the servers idled");
            long[] rssIdle = servers.stream().mapToLong(s -> rss(s.pid())).toArray();
            List<MemoryPerKeyDocument> out = new ArrayList<>();
            for (int i = 0; i < servers.size(); i++) {
                ServerProcess s = servers.get(i);
                load(clients.get(i), s, keys, 2 * keys);
                long rssAfterTwice = rss(s.pid());
                out.add(new MemoryPerKeyDocument(s.name, s.version, keys, KEY_BYTES, VALUE_BYTES, rssBefore[i], rssAfter[i],
                        usedBefore[i], usedAfter[i], rssAfterPurge(clients.get(i), s), rssAfterTwice, rssIdle[i], idleMillis / 1000.0,
                        s.transport, s.transport == null ? null : defaultTransport, SETTLE_MILLIS / 1000.0));
            }
            return out;
        } finally {
            for (RespClient c : clients) {
                c.close();
            }
        }
    }

    /** One server alone, as {@link #measure(List, int, long, String)} measures several. */
    static MemoryPerKeyDocument measure(ServerProcess server, int keys, long idleMillis) throws IOException {
        return measure(List.of(server), keys, idleMillis, server.transport).get(0);
    }

    /**
     * How long fresh servers are left alone before RSS is first read. A JVM that has just answered its
     * first PING is still growing and shrinking by itself: its JIT compiles its start-up code in arenas
     * the JVM frees every 5 s, and a load started at once makes it compile that and the request path
     * together. Measured 2026-11-29 (jab kv serve on JDK 17, 250,000 keys; issue 57's note):
     * loaded at once, RSS grew 46-64 MB over seven fresh servers, NMT's "Arena Chunk" from 7 to
     * 22 MB during the load in one; loaded after 6 s, 28 and 30 MB. Redis does not move either way.
     */
    static final long SETTLE_MILLIS = 6_000;

    /**
     * How long the servers idle after the first load before RSS is read again: ten seconds, as a user
     * who loads a server and then looks at it does.
     */
    static final long IDLE_MILLIS = 10_000;

    /**
     * The requests of a load, then FLUSHALL, before anything is read: a fresh JVM compiles its request
     * path during its first load (NMT saw the compiler's arenas grow 15 MB in one), and jab's server on
     * io_uring grew 20 MB more in one load of three than in the other two (2026-11-29). What a key
     * costs is measured on a server that has served requests, as a user's has; the settle wait after it
     * lets the JVM free what compiling took. The warm-up's keys are set {@link #WARM_UP_PASSES} times
     * over, so that its garbage passes through the whole young generation ({@link ServerProcess#SERVE_HEAP})
     * before RSS is first read, as it has in a server that has served for a while: a fresh JVM's first
     * load otherwise also pays for touching the young generation's pages for the first time, however
     * far the warm-up had got into it.
     */
    private static void warmUp(RespClient c, ServerProcess server) throws IOException {
        for (int pass = 0; pass < WARM_UP_PASSES; pass++) {
            load(c, server, "warm:%011d", 0, WARM_UP_KEYS);
        }
        c.command("FLUSHALL");
        c.flush();
        if (!c.readReply()) {
            throw new IOException(server.name + " refused FLUSHALL after the warm-up");
        }
    }

    /**
     * Keys of the warm-up: enough for the JIT to compile SET's path (10 round trips of 1000), few
     * enough to leave no table behind.
     */
    static final int WARM_UP_KEYS = 10_000;

    /**
     * Times the warm-up's keys are set: 300,000 SETs, over which jab's server (G1, its 16 MB young
     * generation) collected its young generation twice where the first 10,000 SETs alone saw it once
     * (jstat, JDK 17, epoll); Redis overwrites the keys in place and does not grow.
     */
    static final int WARM_UP_PASSES = 30;

    private static void load(RespClient c, ServerProcess server, int from, int to) throws IOException {
        load(c, server, "key:%012d", from, to);
    }

    /**
     * SETs keys number {@code from} to {@code to} (exclusive), each named by {@code format} (16 bytes),
     * 1000 per round trip, then waits for a DBSIZE: all are stored.
     */
    private static void load(RespClient c, ServerProcess server, String format, int from, int to) throws IOException {
        String value = "v".repeat(VALUE_BYTES);
        for (int batch = from; batch < to; batch += BATCH) {
            int end = Math.min(to, batch + BATCH);
            for (int i = batch; i < end; i++) {
                c.command("SET", String.format(Locale.ROOT, format, i), value);
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
        pause(PURGE_SETTLE_MILLIS, "after MEMORY PURGE");
        return rss(server.pid());
    }

    private static void pause(long millis, String when) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted " + when, e);
        }
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
