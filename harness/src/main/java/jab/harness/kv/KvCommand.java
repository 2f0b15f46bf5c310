package jab.harness.kv;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import com.sun.management.HotSpotDiagnosticMXBean;

import jab.harness.UsageException;
import jab.kv.load.LoadConfig;
import jab.kv.load.LoadGenerator;
import jab.kv.load.LoadResult;
import jab.kv.server.KvServer;
import jab.kv.server.ServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jab kv serve} and {@code jab kv load}: the RESP server and the load generator. */
@Command(name = "kv", mixinStandardHelpOptions = true,
        description = {"The kv family's tools: a RESP (Redis protocol) server on jab's sharded store, and a",
            "load generator for any RESP server. redis-cli, redis-benchmark and Redis clients work with both."},
        subcommands = {KvCommand.Serve.class, KvCommand.Load.class},
        footer = {"", "Examples:",
            "  ./jab kv serve --port 6380                 then: redis-cli -p 6380 ping",
            "  ./jab kv serve --dir data --appendonly yes --appendfsync always",
            "  ./jab kv serve --maxmemory 100mb --maxmemory-policy allkeys-lru",
            "  redis-benchmark -p 6380 -t get,set -c 50 -P 16 -q",
            "  ./jab kv load --target 127.0.0.1:6380 --clients 32 --duration 10s --get-ratio 0.8"})
public final class KvCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new UsageException("kv needs a subcommand: serve or load (see ./jab kv --help)");
    }

    @Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Serves jab's sharded store over RESP2 until SIGTERM or Ctrl-C.",
                "Prints 'listening on HOST:PORT' once it accepts connections."})
    static final class Serve implements Callable<Integer> {
        @Option(names = "--bind", defaultValue = "127.0.0.1", description = "address to listen on (default: loopback only)")
        String bind;

        @Option(names = "--port", defaultValue = "6380", description = "TCP port (0: any free port); default 6380")
        int port;

        @Option(names = "--shards", defaultValue = "16", description = "store shards, rounded up to a power of two; default 16")
        int shards;

        @Option(names = "--requirepass", paramLabel = "PASSWORD",
                description = "clients must AUTH with this first; not empty. ps shows it: --requirepass-file or the "
                    + ServeAuth.ENV + " environment variable do not")
        String requirepass;

        @Option(names = "--requirepass-file", paramLabel = "FILE", description = "the password is this file's one line")
        Path requirepassFile;

        @Option(names = "--protected-mode", paramLabel = "yes|no", defaultValue = "yes",
                description = "yes (default): refuse a non-loopback --bind without a password, as Redis")
        String protectedMode;

        @Option(names = "--proto-max-bulk-len", paramLabel = "SIZE", defaultValue = "512mb",
                description = "largest argument, as Redis's option (512mb, 64kb, bytes); default 512mb")
        String protoMaxBulkLen;

        @Option(names = "--client-query-buffer-limit", paramLabel = "SIZE", defaultValue = "1gb",
                description = "most one client's unfinished command may hold, as Redis's option; default 1gb")
        String clientQueryBufferLimit;

        @Option(names = "--max-keys", defaultValue = "0", description = "most keys stored (0: no limit)")
        long maxKeys;

        /*
         * One event loop by default, as Redis runs its commands on one thread: measured on 2 CPUs shared
         * with redis-benchmark -c 50 (kv/scripts/serve-vs-redis.py, 5 alternating rounds), one loop
         * served 1.12-1.29x Redis with -P 16 at 0.75-0.86x its CPU per request, while one loop per CPU
         * competed with the clients for the same CPUs: 0.98-1.13x Redis with -P 16, and 9-15% more CPU
         * per request than Redis without pipelining.
         */
        @Option(names = "--io-threads", defaultValue = "1",
                description = "event-loop threads (default 1, as Redis: more compete with the clients on a small machine; 0: one per CPU)")
        int ioThreads;

        @Option(names = "--transport", paramLabel = "epoll|io_uring|nio", description = "how the event loops wait and move bytes "
                + "(default: epoll on Linux, else nio)")
        String transport;

        @Option(names = "--maxmemory", paramLabel = "SIZE", defaultValue = "0",
                description = "most bytes the entries may take (2mb, 1gb, bytes; 0: no limit), as Redis's option")
        String maxmemory;

        @Option(names = "--maxmemory-policy", paramLabel = "POLICY", defaultValue = "noeviction",
                description = "at --maxmemory: noeviction (refuse writes with Redis's OOM error), allkeys-lru, allkeys-random")
        String maxmemoryPolicy;

        @picocli.CommandLine.Mixin
        ServePersistence persistence = new ServePersistence();

        @Override
        public Integer call() throws Exception {
            ServerConfig c = config();
            returnIdleHeap();
            KvServer server = new KvServer(c);
            int bound;
            try {
                bound = server.start();
            } catch (IOException e) {
                throw new UsageException(e.getMessage());
            }
            CountDownLatch stopped = new CountDownLatch(1);
            // SIGTERM and Ctrl-C run the shutdown hooks: close the listener and connections, then let
            // the JVM exit (the launcher execs java, so the signal reaches this JVM directly).
            Thread hook = new Thread(() -> {
                server.close(Duration.ofSeconds(3));
                stopped.countDown();
            }, "kv-serve-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            System.out.printf(Locale.ROOT, "jab kv serve: listening on %s:%d (%s transport, %d shards%s)%n",
                    bind, bound, server.transport(), server.store().shardCount(), c.requirepass != null ? ", AUTH required" : "");
            System.out.flush();
            server.awaitClose();
            if (!server.shutdownByCommand()) {
                stopped.await(); // a signal: its hook closes the server
            }
            return 0;
        }

        /**
         * Lets the JVM give memory back once the server is idle: G1 grows the heap under load (200
         * clients each sending most of a 4 MiB argument took it past 3 GB) and keeps it, since it
         * shrinks only after a collection and an idle server allocates nothing. With a periodic
         * collection after 15 s without one (JEP 346) the heap shrinks to what is live, as Redis's
         * allocator frees at once. And it keeps less beyond what is live when it shrinks: at most 30%
         * free (HotSpot's default is 70%, so up to 3.3x the live data stays resident). Measured with
         * kv/scripts/bytes-per-key.py, 1,000,000 16-byte keys with 32-byte values, RSS growth after a
         * full collection: 227 bytes per key at the default, 158 at 30% (Redis: 141 after MEMORY PURGE).
         * The flags are manageable, so they are set here, however the JVM was started (Min first: Max
         * may never go below it).
         */
        private static void returnIdleHeap() {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            try {
                vm.setVMOption("MinHeapFreeRatio", "10");
                vm.setVMOption("MaxHeapFreeRatio", "30");
            } catch (RuntimeException notHotSpotOrSetOnTheCommandLine) {
                // the JVM's own sizing then
            }
            try {
                vm.setVMOption("G1PeriodicGCInterval", "15000");
            } catch (RuntimeException notG1OrNotHotSpot) {
                // another collector or JVM: it keeps its own sizing
            }
        }

        /** The options checked, as the server's configuration; bad ones are usage errors, before anything listens. */
        private ServerConfig config() {
            if (port < 0 || port > 65535) {
                throw new UsageException("--port must be 0..65535, got " + port);
            }
            if (shards < 1 || shards > 65536) {
                throw new UsageException("--shards must be 1..65536, got " + shards);
            }
            ServerConfig c = new ServerConfig();
            c.protoMaxBulkLen = MemorySizes.bytes(protoMaxBulkLen, "--proto-max-bulk-len");
            if (c.protoMaxBulkLen < 1024 * 1024 || c.protoMaxBulkLen > ServerConfig.LARGEST_BULK) {
                throw new UsageException("--proto-max-bulk-len must be at least 1mb, as in Redis, and at most "
                        + ServerConfig.LARGEST_BULK + " bytes (Java's largest array), got " + protoMaxBulkLen);
            }
            c.clientQueryBufferLimit = MemorySizes.bytes(clientQueryBufferLimit, "--client-query-buffer-limit");
            if (c.clientQueryBufferLimit < 1024 * 1024) {
                throw new UsageException("--client-query-buffer-limit must be at least 1mb, as in Redis, got " + clientQueryBufferLimit);
            }
            if (!protectedMode.equals("yes") && !protectedMode.equals("no")) {
                throw new UsageException("--protected-mode must be yes or no, got " + protectedMode);
            }
            c.requirepass = ServeAuth.password(requirepass, requirepassFile, System.getenv());
            InetAddress address;
            try {
                address = InetAddress.getByName(bind);
            } catch (UnknownHostException e) {
                throw new UsageException("--bind " + bind + ": not an address or a known host name");
            }
            ServeAuth.checkExposure(address, c.requirepass, protectedMode.equals("yes"));
            c.bind = bind;
            c.port = port;
            c.shards = shards;
            c.maxKeys = maxKeys;
            c.ioThreads = ioThreads;
            if (transport != null) {
                c.transport = jab.kv.server.Transport.named(transport);
                if (c.transport == null) {
                    throw new UsageException("--transport must be epoll, io_uring or nio, got " + transport);
                }
                if (!c.transport.available()) {
                    throw new UsageException("--transport " + transport + " cannot run here: " + c.transport.unavailability());
                }
            }
            c.maxMemory = MemorySizes.bytes(maxmemory, "--maxmemory");
            c.eviction = jab.kv.EvictionPolicy.ofRedisName(maxmemoryPolicy);
            if (c.eviction == null) {
                throw new UsageException("--maxmemory-policy must be noeviction, allkeys-lru or allkeys-random, got " + maxmemoryPolicy);
            }
            c.persistence = persistence.config();
            return c;
        }
    }

    @Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Sends GET/SET load to a RESP server (jab's or Redis) and prints throughput and latency",
                "(average, p50, p99, p99.9, max). Closed loop by default; --rate R: open loop at R requests/s",
                "with latency measured from when each request was due (coordinated omission corrected)."})
    static final class Load implements Callable<Integer> {
        @Option(names = "--target", defaultValue = "127.0.0.1:6380", paramLabel = "HOST:PORT", description = "server; default 127.0.0.1:6380")
        String target;

        @Option(names = "--clients", defaultValue = "64", description = "connections; default 64")
        int clients;

        @Option(names = "--threads", defaultValue = "1",
                description = "event-loop threads driving all the connections; default 1 (the fewest CPUs taken from the server)")
        int threads;

        @Option(names = "--duration", defaultValue = "20s", description = "measured time, e.g. 20s, 500ms, 1m; default 20s")
        String duration;

        @Option(names = "--warmup", defaultValue = "5s", description = "unmeasured time first; default 5s")
        String warmup;

        @Option(names = "--get-ratio", defaultValue = "0.8", description = "share of GETs (the rest are SETs); default 0.8")
        double getRatio;

        @Option(names = "--keys", defaultValue = "50000", description = "distinct keys, all set before the run; default 50000")
        int keys;

        @Option(names = "--value-size", defaultValue = "32", description = "bytes per value; default 32")
        int valueSize;

        @Option(names = "--pipeline", defaultValue = "1", description = "commands per round trip; default 1")
        int pipeline;

        @Option(names = "--rate", description = "total requests per second (open loop); default: closed loop")
        Double rate;

        @Option(names = "--password", description = "AUTH with this password first")
        String password;

        @Option(names = "--json", paramLabel = "FILE",
                description = "also write the figures (requests, errors, throughput, latencies in us) to FILE as JSON")
        Path json;

        @Override
        public Integer call() throws Exception {
            LoadConfig c = new LoadConfig();
            int colon = target.lastIndexOf(':');
            if (colon <= 0) {
                throw new UsageException("--target must be HOST:PORT, got " + target);
            }
            c.host = target.substring(0, colon);
            try {
                c.port = Integer.parseInt(target.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new UsageException("--target must be HOST:PORT, got " + target);
            }
            c.clients = clients;
            c.threads = threads;
            c.durationMillis = Durations.millis(duration, "--duration");
            c.warmupMillis = Durations.millis(warmup, "--warmup");
            c.getRatio = getRatio;
            c.keys = keys;
            c.valueSize = valueSize;
            c.pipeline = pipeline;
            c.rate = rate == null ? 0 : rate;
            if (rate != null && rate <= 0) {
                throw new UsageException("--rate must be > 0");
            }
            c.password = password;
            try {
                c.validate();
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            System.out.printf(Locale.ROOT, "jab kv load: %s, %d clients, %s warmup + %s, GET ratio %s, %d keys, %d-byte values, pipeline %d, %s%n",
                    target, clients, warmup, duration, getRatio, keys, valueSize, pipeline,
                    c.rate > 0 ? "open loop at " + c.rate + " req/s" : "closed loop");
            LoadResult r = new LoadGenerator(c).run();
            System.out.println();
            System.out.print(r.table());
            if (json != null) {
                LoadFigures.of(r).write(json);
            }
            return r.errors == 0 ? 0 : 1;
        }
    }
}
