package jab.kv.server;

/**
 * How a {@link KvServer} listens and what input it accepts. The limits are Redis's, with Redis's
 * names and defaults; with them and {@link RequestParser}, what the server holds for a client grows
 * with what the client sent, up to client-query-buffer-limit.
 */
public final class ServerConfig {
    /** The largest proto-max-bulk-len: an argument is one Java array. */
    public static final long LARGEST_BULK = Integer.MAX_VALUE - 8;

    public String bind = "127.0.0.1";
    public int port = 6380;
    public int shards = 16;
    /** Null: no AUTH needed. Never empty: an empty password would let everyone in. */
    public String requirepass;
    /** Redis's proto-max-bulk-len: the largest argument (at most {@link #LARGEST_BULK}). */
    public long protoMaxBulkLen = 512L * 1024 * 1024;
    /** Redis's client-query-buffer-limit: the most one client's command in progress may hold. */
    public long clientQueryBufferLimit = 1024L * 1024 * 1024;
    public int maxClients = 10_000;
    /** Event-loop threads for connections (0: the number of CPUs). */
    public int ioThreads;
    /** How the event loops wait and move bytes; null: {@link Transport#auto()}. */
    public Transport transport;
    /** Max keys in the store (0: no limit), and what to do at the limit. */
    public long maxKeys;
    public long maxMemory;
    public jab.kv.EvictionPolicy eviction = jab.kv.EvictionPolicy.NOEVICTION;
    /** Where and how to persist; null: nothing is loaded or saved. */
    public jab.kv.persist.PersistenceConfig persistence;
    /** Where the server says what it loaded, saved or cut off. */
    public java.util.function.Consumer<String> log = m -> System.err.println("jab kv serve: " + m);
}
