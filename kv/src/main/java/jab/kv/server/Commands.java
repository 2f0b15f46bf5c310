package jab.kv.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.netty.buffer.ByteBuf;

import jab.kv.ByteKey;
import jab.kv.KeyProbe;
import jab.kv.KvException;
import jab.kv.KvStore;
import jab.kv.SetOptions;

/**
 * The command table: each command's arity check, its call into the {@link KvStore} and its reply,
 * with errors worded as Redis words them so clients and tools that match on them behave.
 */
final class Commands {
    enum Outcome { CONTINUE, CLOSE }

    /** Failed AUTH attempts a connection gets before it is closed: guessing needs a new connection every few tries. */
    static final int MAX_AUTH_FAILURES = 3;
    /** How much of an argument an error quotes, as Redis's %.128s. */
    private static final int QUOTED = 128;

    private final KvStore store;
    private final ServerConfig config;
    private final KvServer server;
    private final byte[] password;

    Commands(KvStore store, ServerConfig config, KvServer server) {
        this.store = store;
        this.config = config;
        this.server = server;
        if (config.requirepass != null && config.requirepass.isEmpty()) {
            throw new IllegalArgumentException("requirepass must not be empty: it would let every client in");
        }
        this.password = config.requirepass == null ? null : config.requirepass.getBytes(StandardCharsets.UTF_8);
    }

    /** Before replies are written: see {@link jab.kv.persist.Persistence#durable()}. */
    void durable() {
        jab.kv.persist.Persistence p = server.persistence();
        if (p != null) {
            p.durable();
        }
    }

    boolean needsAuth() {
        return password != null;
    }

    Outcome execute(byte[][] a, ClientState client, ByteBuf out) {
        client.commands++;
        String name = name(a[0]);
        if (!client.authenticated && !name.equals("auth") && !name.equals("quit")) {
            Resp.error(out, "NOAUTH Authentication required.");
            return Outcome.CONTINUE;
        }
        try {
            return run(name, a, client, out);
        } catch (KvException e) {
            Resp.error(out, e.getMessage());
            return Outcome.CONTINUE;
        }
    }

    /** GET from {@link GetSetFastPath}: as {@code execute} runs it, for an authenticated client. */
    void get(KeyProbe key, ClientState client, ByteBuf out) {
        client.commands++;
        byte[] v = store.get(key);
        if (v == null) {
            client.misses++;
        } else {
            client.hits++;
        }
        Resp.bulk(out, v);
    }

    /** SET without options from {@link GetSetFastPath}: as {@code execute} runs it, for an authenticated client. */
    void set(KeyProbe key, byte[] value, ClientState client, ByteBuf out) {
        client.commands++;
        try {
            store.set(key, value);
            Resp.raw(out, Resp.OK);
        } catch (KvException e) { // out of memory under noeviction, a journal that refused
            Resp.error(out, e.getMessage());
        }
    }

    private Outcome run(String name, byte[][] a, ClientState client, ByteBuf out) {
        int n = a.length;
        switch (name) {
            case "get":
                if (arity(out, name, n == 2)) {
                    Resp.bulk(out, get(a[1], client));
                }
                break;
            case "set":
                if (arity(out, name, n >= 3)) {
                    set(a, out);
                }
                break;
            case "ping":
                if (arity(out, name, n <= 2)) {
                    if (n == 1) {
                        Resp.raw(out, Resp.PONG);
                    } else {
                        Resp.bulk(out, a[1]);
                    }
                }
                break;
            case "echo":
                if (arity(out, name, n == 2)) {
                    Resp.bulk(out, a[1]);
                }
                break;
            case "del":
            case "unlink":
                if (arity(out, name, n >= 2)) {
                    Resp.integer(out, store.del(keys(a, 1, n)));
                }
                break;
            case "exists":
                if (arity(out, name, n >= 2)) {
                    Resp.integer(out, store.exists(keys(a, 1, n)));
                }
                break;
            case "incr":
            case "decr":
                if (arity(out, name, n == 2)) {
                    Resp.integer(out, store.incrBy(new ByteKey(a[1]), name.equals("incr") ? 1 : -1));
                }
                break;
            case "incrby":
            case "decrby":
                if (arity(out, name, n == 3)) {
                    long d = integer(a[2]);
                    if (name.equals("decrby") && d == Long.MIN_VALUE) {
                        throw new KvException("ERR decrement would overflow");
                    }
                    Resp.integer(out, store.incrBy(new ByteKey(a[1]), name.equals("incrby") ? d : -d));
                }
                break;
            case "mget":
                if (arity(out, name, n >= 2)) {
                    Resp.arrayHeader(out, n - 1);
                    for (int i = 1; i < n; i++) {
                        Resp.bulk(out, get(a[i], client));
                    }
                }
                break;
            case "mset":
                if (arity(out, name, n >= 3 && n % 2 == 1)) {
                    for (int i = 1; i < n; i += 2) {
                        store.set(new ByteKey(a[i]), a[i + 1]);
                    }
                    Resp.raw(out, Resp.OK);
                }
                break;
            case "expire":
            case "pexpire":
                if (arity(out, name, n == 3)) {
                    long millis = expireMillis(integer(a[2]), name.equals("expire"), name);
                    Resp.integer(out, store.pexpire(new ByteKey(a[1]), millis) ? 1 : 0);
                }
                break;
            case "ttl":
                if (arity(out, name, n == 2)) {
                    Resp.integer(out, store.ttl(new ByteKey(a[1])));
                }
                break;
            case "pttl":
                if (arity(out, name, n == 2)) {
                    Resp.integer(out, store.pttl(new ByteKey(a[1])));
                }
                break;
            case "dbsize":
                if (arity(out, name, n == 1)) {
                    Resp.integer(out, store.dbsize());
                }
                break;
            case "flushdb":
            case "flushall":
                // Redis takes ASYNC or SYNC, nothing else: "FLUSHALL garbage" must not flush
                if (n > 2 || n == 2 && !lower(a[1]).equals("async") && !lower(a[1]).equals("sync")) {
                    Resp.error(out, "ERR syntax error");
                } else {
                    store.flush();
                    Resp.raw(out, Resp.OK);
                }
                break;
            case "select":
                if (arity(out, name, n == 2)) {
                    if (integer(a[1]) != 0) {
                        Resp.error(out, "ERR DB index is out of range");
                    } else {
                        Resp.raw(out, Resp.OK);
                    }
                }
                break;
            case "auth":
                return auth(a, client, out);
            case "quit":
                Resp.raw(out, Resp.OK);
                return Outcome.CLOSE;
            case "info":
                Resp.bulk(out, server.info(n > 1 ? lower(a[1]) : "default"));
                break;
            case "command":
                // redis-cli asks for COMMAND DOCS to show hints; an empty answer means "no hints".
                if (n > 1 && lower(a[1]).equals("count")) {
                    Resp.integer(out, 0);
                } else {
                    Resp.raw(out, Resp.EMPTY_ARRAY);
                }
                break;
            case "client":
                client(a, client, out);
                break;
            case "save":
            case "bgsave":
            case "bgrewriteaof":
            case "lastsave":
                persistence(name, a, out);
                break;
            case "shutdown":
                return shutdown(a, out);
            case "config":
                config(a, out);
                break;
            case "memory":
                memory(a, out);
                break;
            default:
                unknown(a, out);
        }
        return Outcome.CONTINUE;
    }

    private byte[] get(byte[] key, ClientState client) {
        byte[] v = store.get(new ByteKey(key));
        if (v == null) {
            client.misses++;
        } else {
            client.hits++;
        }
        return v;
    }

    private void set(byte[][] a, ByteBuf out) {
        boolean nx = false;
        boolean xx = false;
        long ttl = 0;
        boolean hasTtl = false;
        for (int i = 3; i < a.length; i++) {
            String opt = lower(a[i]);
            if (opt.equals("nx") && !xx) {
                nx = true;
            } else if (opt.equals("xx") && !nx) {
                xx = true;
            } else if ((opt.equals("ex") || opt.equals("px")) && !hasTtl && i + 1 < a.length) {
                long v = integer(a[++i]);
                if (v <= 0) {
                    throw invalidExpireTime("set");
                }
                ttl = expireMillis(v, opt.equals("ex"), "set");
                hasTtl = true;
            } else {
                throw new KvException("ERR syntax error");
            }
        }
        ByteKey key = new ByteKey(a[1]);
        if (!nx && !xx && !hasTtl) {
            store.set(key, a[2]);
            Resp.raw(out, Resp.OK);
        } else if (store.set(key, a[2], SetOptions.of(nx, xx, ttl))) {
            Resp.raw(out, Resp.OK);
        } else {
            Resp.raw(out, Resp.NULL_BULK);
        }
    }

    /**
     * A time to live in milliseconds from a number of seconds or milliseconds, refused as Redis
     * refuses it (expireGenericCommand, getExpireMillisecondsOrReply) when the deadline it makes,
     * now plus the time, does not fit in 64 bits: an overflow must not wrap into a short time.
     */
    private static long expireMillis(long t, boolean seconds, String command) {
        if (seconds && (t > Long.MAX_VALUE / 1000 || t < Long.MIN_VALUE / 1000)) {
            throw invalidExpireTime(command);
        }
        long millis = seconds ? t * 1000 : t;
        if (millis > Long.MAX_VALUE - System.currentTimeMillis()) {
            throw invalidExpireTime(command);
        }
        return millis;
    }

    private static KvException invalidExpireTime(String command) {
        return new KvException("ERR invalid expire time in '" + command + "' command");
    }

    private Outcome auth(byte[][] a, ClientState client, ByteBuf out) {
        if (a.length < 2 || a.length > 3) {
            Resp.error(out, "ERR wrong number of arguments for 'auth' command");
        } else if (password == null) {
            Resp.error(out, "ERR AUTH <password> called without any password configured for the default user. "
                    + "Are you sure your configuration is correct?");
        } else if ((a.length == 2 || lower(a[1]).equals("default"))
                && MessageDigest.isEqual(password, a[a.length - 1])) {
            client.authenticated = true;
            client.authFailures = 0;
            Resp.raw(out, Resp.OK);
        } else {
            Resp.error(out, "WRONGPASS invalid username-password pair or user is disabled.");
            return ++client.authFailures >= MAX_AUTH_FAILURES ? Outcome.CLOSE : Outcome.CONTINUE;
        }
        return Outcome.CONTINUE;
    }

    private void client(byte[][] a, ClientState client, ByteBuf out) {
        if (!arity(out, "client", a.length >= 2)) {
            return;
        }
        switch (lower(a[1])) {
            case "setname":
                if (a.length != 3) {
                    Resp.error(out, "ERR wrong number of arguments for 'client|setname' command");
                } else {
                    client.name = new String(a[2], StandardCharsets.UTF_8);
                    Resp.raw(out, Resp.OK);
                }
                break;
            case "getname":
                Resp.bulk(out, client.name.isEmpty() ? null : client.name.getBytes(StandardCharsets.UTF_8));
                break;
            case "id":
                Resp.integer(out, client.id);
                break;
            case "setinfo":
                Resp.raw(out, Resp.OK);
                break;
            default:
                unknownSubcommand(a, out);
        }
    }

    /** SAVE, BGSAVE, BGREWRITEAOF, LASTSAVE: as Redis answers them; without --dir there is nowhere to save. */
    private void persistence(String name, byte[][] a, ByteBuf out) {
        if (!arity(out, name, a.length == 1)) {
            return;
        }
        jab.kv.persist.Persistence p = server.persistence();
        if (p == null) {
            Resp.error(out, "ERR persistence is off: start jab kv serve with --dir (or --appendonly yes, --save)");
            return;
        }
        switch (name) {
            case "save":
                p.save();
                Resp.raw(out, Resp.OK);
                break;
            case "bgsave":
                p.bgsave();
                Resp.simple(out, "Background saving started");
                break;
            case "bgrewriteaof":
                p.bgrewriteaof();
                Resp.simple(out, "Background append only file rewriting started");
                break;
            default:
                Resp.integer(out, p.lastSave());
        }
    }

    /** SHUTDOWN [NOSAVE|SAVE]: on success the connection closes without a reply, as in Redis. */
    private Outcome shutdown(byte[][] a, ByteBuf out) {
        String mode = a.length == 2 ? lower(a[1]) : "";
        if (a.length > 2 || a.length == 2 && !mode.equals("save") && !mode.equals("nosave")) {
            Resp.error(out, "ERR syntax error");
            return Outcome.CONTINUE;
        }
        jab.kv.persist.Persistence p = server.persistence();
        boolean save = mode.equals("save") || mode.isEmpty() && p != null && p.savesOnShutdown();
        if (save && p == null) {
            Resp.error(out, "ERR Errors trying to SHUTDOWN. Check logs.");
            return Outcome.CONTINUE;
        }
        if (!server.shutdown(save)) {
            Resp.error(out, "ERR Errors trying to SHUTDOWN. Check logs.");
            return Outcome.CONTINUE;
        }
        return Outcome.CLOSE;
    }

    /** CONFIG GET for the few parameters tools ask about (redis-benchmark asks for save and appendonly). */
    /**
     * MEMORY PURGE: Redis asks its allocator to return dirty pages to the OS; the JVM's counterpart is
     * a full collection, after which G1 gives back the heap beyond MaxHeapFreeRatio of what is live
     * (kv serve lowers that ratio to 30%). It stops the event loop while it runs, as Redis's purge does.
     */
    private static void memory(byte[][] a, ByteBuf out) {
        if (!arity(out, "memory", a.length >= 2)) {
            return;
        }
        if (lower(a[1]).equals("purge") && a.length == 2) {
            System.gc();
            Resp.raw(out, Resp.OK);
        } else {
            unknownSubcommand(a, out);
        }
    }

    private void config(byte[][] a, ByteBuf out) {
        if (!arity(out, "config", a.length >= 2)) {
            return;
        }
        if (a.length >= 3 && lower(a[1]).equals("get")) {
            List<String[]> found = new ArrayList<>();
            jab.kv.persist.Persistence persisting = server.persistence();
            for (int i = 2; i < a.length; i++) {
                String p = lower(a[i]);
                if (p.equals("save") || p.equals("*")) {
                    found.add(new String[] {"save", persisting == null ? "" : persisting.saveRules()});
                }
                if (p.equals("appendonly") || p.equals("*")) {
                    found.add(new String[] {"appendonly", persisting != null && persisting.appendOnly() ? "yes" : "no"});
                }
                if (p.equals("databases") || p.equals("*")) {
                    found.add(new String[] {"databases", "1"});
                }
            }
            Resp.arrayHeader(out, found.size() * 2);
            for (String[] kv : found) {
                Resp.bulk(out, kv[0]);
                Resp.bulk(out, kv[1]);
            }
        } else {
            unknownSubcommand(a, out);
        }
    }

    /** Redis's words, the arguments quoted as Redis quotes them (see {@link #quote}). */
    private static void unknown(byte[][] a, ByteBuf out) {
        StringBuilder args = new StringBuilder();
        for (int i = 1; i < a.length && args.length() < QUOTED; i++) {
            String quoted = quote(a[i], QUOTED - args.length()); // the room left before this quote opens, as Redis counts
            args.append('\'').append(quoted).append("' ");
        }
        Resp.error(out, "ERR unknown command '" + quote(a[0], QUOTED) + "', with args beginning with: " + args);
    }

    private static void unknownSubcommand(byte[][] a, ByteBuf out) {
        Resp.error(out, "ERR unknown subcommand '" + quote(a[1], QUOTED) + "'. Try " + upper(lower(a[0])) + " HELP.");
    }

    /**
     * An argument as Redis's %.Ns puts it into an error: at most {@code max} bytes and none from a
     * NUL on, byte for byte (one char per byte, which {@link Resp#error} writes back as that byte).
     * The error line can still not be split: Resp.error turns CR and LF into spaces, as Redis does.
     */
    static String quote(byte[] arg, int max) {
        int n = 0;
        while (n < arg.length && n < max && arg[n] != 0) {
            n++;
        }
        return new String(arg, 0, n, StandardCharsets.ISO_8859_1);
    }

    private static boolean arity(ByteBuf out, String name, boolean ok) {
        if (!ok) {
            Resp.error(out, "ERR wrong number of arguments for '" + name + "' command");
        }
        return ok;
    }

    private static ByteKey[] keys(byte[][] a, int from, int to) {
        ByteKey[] k = new ByteKey[to - from];
        for (int i = from; i < to; i++) {
            k[i - from] = new ByteKey(a[i]);
        }
        return k;
    }

    private static long integer(byte[] b) {
        return jab.kv.Numbers.parseLong(b);
    }

    /** ASCII lower case; command names are ASCII, so this avoids a charset decoder on the hot path. */
    /**
     * The command's name in lower case; GET and SET, nearly every request a cache serves, without
     * allocating (lower() makes a char array and a String per command: garbage that brings the young
     * collections, whose pauses are the server's longest latencies).
     */
    static String name(byte[] b) {
        if (b.length == 3 && (b[1] | 0x20) == 'e' && (b[2] | 0x20) == 't') {
            int first = b[0] | 0x20; // ASCII letters only differ by this bit between cases
            if (first == 'g') {
                return "get";
            }
            if (first == 's') {
                return "set";
            }
        }
        return lower(b);
    }

    static String lower(byte[] b) {
        char[] c = new char[Math.min(b.length, 64)];
        for (int i = 0; i < c.length; i++) {
            int x = b[i] & 0xff;
            c[i] = (char) (x >= 'A' && x <= 'Z' ? x + 32 : x);
        }
        return new String(c);
    }

    static String upper(String s) {
        return s.toUpperCase(Locale.ROOT);
    }
}
