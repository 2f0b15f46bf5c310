package jab.kv.server;

/**
 * How a {@link KvServer} listens and what input it accepts. The limits bound the memory one client
 * can make the server hold: a command is at most {@code maxArgs} arguments of {@code maxBulk} bytes and
 * at most {@code maxCommandBytes} in all; an inline command or a header line at most {@code maxInline}.
 */
public final class ServerConfig {
    public String bind = "127.0.0.1";
    public int port = 6380;
    public int shards = 16;
    /** Null or empty: no AUTH needed. */
    public String requirepass;
    public int maxBulk = 8 * 1024 * 1024;
    public int maxInline = 64 * 1024;
    public int maxArgs = 64 * 1024;
    public long maxCommandBytes = 64L * 1024 * 1024;
    public int maxClients = 10_000;
    /** Event-loop threads for connections (0: the number of CPUs). */
    public int ioThreads;
    /** Max keys in the store (0: no limit), and what to do at the limit. */
    public long maxKeys;
    public long maxMemory;
    public jab.kv.EvictionPolicy eviction = jab.kv.EvictionPolicy.NOEVICTION;
}
