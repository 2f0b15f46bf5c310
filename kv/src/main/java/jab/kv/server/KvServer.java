package jab.kv.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.ResourceLeakDetector;

import jab.kv.KvConfig;
import jab.kv.KvStore;
import jab.kv.persist.Persistence;

/**
 * The RESP server: a {@link KvStore} behind Netty, on the {@link Transport} its config names (by
 * default the native epoll transport where Netty has it, Linux, and NIO elsewhere). Commands run on the connection's event-loop thread: the store never
 * blocks, so a hand-off to other threads would only add latency.
 */
public final class KvServer implements AutoCloseable {
    private final ServerConfig config;
    private final KvStore store;
    private final Commands commands;
    private final AtomicInteger clients = new AtomicInteger();
    private final AtomicLong nextClientId = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final java.util.Set<ClientState> connected = java.util.concurrent.ConcurrentHashMap.newKeySet();
    // Totals of closed connections; live ones are summed from their ClientState at INFO time.
    private final java.util.concurrent.atomic.LongAdder closedCommands = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder closedHits = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder closedMisses = new java.util.concurrent.atomic.LongAdder();
    private final long startedAt = System.currentTimeMillis();
    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private Channel listener;
    /** Null when the server does not persist. */
    private Persistence persistence;
    private volatile boolean shutdownByCommand;
    private final Transport transport;

    public KvServer(ServerConfig config) {
        this.config = config;
        this.store = new KvStore(KvConfig.defaults().shards(config.shards).maxKeys(config.maxKeys)
                .maxMemory(config.maxMemory).eviction(config.eviction));
        this.commands = new Commands(store, config, this);
        this.transport = config.transport != null ? config.transport : Transport.auto();
    }

    /**
     * Binds and starts serving; returns the port (useful with port 0).
     *
     * @throws IOException the address cannot be listened on (not an address of this machine, the port
     *                     in use), the persistence directory cannot be used ({@link Persistence.Unusable})
     *                     or its snapshot is damaged; nothing is left running then
     */
    public int start() throws IOException, InterruptedException {
        InetSocketAddress address = new InetSocketAddress(config.bind, config.port);
        if (address.isUnresolved()) {
            throw new IOException("cannot listen on " + config.bind + ":" + config.port + ": unknown host");
        }
        if (config.persistence != null) {
            persistence = Persistence.open(config.persistence, store, config.log);
            store.journal(persistence);
        }
        if (!transport.available()) {
            throw new IOException("the " + transport.label() + " transport cannot run here: " + transport.unavailability());
        }
        leakSamplingOffUnlessAsked();
        // only the loops that serve connections write replies before they wait; the acceptor has none
        boss = new MultiThreadIoEventLoopGroup(1, transport.ioHandlers());
        workers = new MultiThreadIoEventLoopGroup(config.ioThreads, transport.serverIoHandlers());
        ServerBootstrap b = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (clients.get() >= config.maxClients) {
                            rejected.incrementAndGet();
                            ch.pipeline().addLast(new Refuse());
                            return;
                        }
                        clients.incrementAndGet();
                        ClientState state = new ClientState(nextClientId.incrementAndGet(),
                                String.valueOf(ch.remoteAddress()), !commands.needsAuth());
                        connected.add(state);
                        ch.closeFuture().addListener(f -> {
                            // runs on the channel's event loop, after its last command
                            connected.remove(state);
                            closedCommands.add(state.commands);
                            closedHits.add(state.hits);
                            closedMisses.add(state.misses);
                            clients.decrementAndGet();
                        });
                        ch.pipeline().addLast(new RespConnection(commands, config, state));
                    }
                });
        ChannelFuture bound = b.bind(address).await();
        if (!bound.isSuccess()) {
            if (persistence != null) {
                persistence.shutdown(false); // nothing was served: nothing new to save
            }
            close(); // the event loops' threads would keep the JVM alive
            throw new IOException("cannot listen on " + config.bind + ":" + config.port + ": " + bound.cause().getMessage(), bound.cause());
        }
        listener = bound.channel();
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /**
     * Netty's leak detector is off in the server unless its level is asked for
     * ({@code -Dio.netty.leakDetection.level}, as jab's tests ask): at its default level it wraps one
     * buffer in 128 in a tracker that records the stack where it was taken, and every read takes a
     * buffer, so at pipeline 1 one read in 128 captures a stack trace. Measured under redis-benchmark
     * SET -P 1 (async-profiler, the server capped at half a CPU): 12% of the server's user time, the
     * largest part of it that Redis has no counterpart for.
     */
    private static void leakSamplingOffUnlessAsked() {
        if (System.getProperty("io.netty.leakDetection.level") == null && System.getProperty("io.netty.leakDetectionLevel") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    public KvStore store() {
        return store;
    }

    public String transport() {
        return transport.label();
    }

    /** Blocks until the listening socket closes (after {@link #close()}). */
    public void awaitClose() throws InterruptedException {
        listener.closeFuture().sync();
    }

    /** Stops accepting, closes every connection and the event loops; waits at most the given time. */
    public void close(Duration timeout) {
        if (listener != null) {
            listener.close().awaitUninterruptibly(timeout.toMillis());
        }
        if (boss != null) {
            boss.shutdownGracefully(0, timeout.toMillis(), TimeUnit.MILLISECONDS);
            workers.shutdownGracefully(0, timeout.toMillis(), TimeUnit.MILLISECONDS);
            boss.terminationFuture().awaitUninterruptibly(timeout.toMillis());
            workers.terminationFuture().awaitUninterruptibly(timeout.toMillis());
        }
        if (persistence != null) {
            persistence.close(); // after the event loops: no write can come after the last record
        }
        store.close();
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }

    /** Null when the server does not persist. */
    Persistence persistence() {
        return persistence;
    }

    /**
     * SHUTDOWN: the last snapshot (if {@code save}) and the AOF closed here, then the server closed
     * from another thread (the caller is an event loop, which close waits for). False when the
     * snapshot failed: then the server goes on, as Redis does.
     */
    boolean shutdown(boolean save) {
        if (persistence != null && !persistence.shutdown(save)) {
            return false;
        }
        shutdownByCommand = true;
        new Thread(this::close, "kv-shutdown").start();
        return true;
    }

    /** Whether a client's SHUTDOWN stopped the server. */
    public boolean shutdownByCommand() {
        return shutdownByCommand;
    }

    /** The INFO text for a section (server, clients, keyspace, stats; default/all: all of them). */
    String info(String section) {
        boolean all = section.equals("default") || section.equals("all") || section.equals("everything");
        StringBuilder sb = new StringBuilder();
        if (all || section.equals("server")) {
            sb.append("# Server\r\n")
                    .append("redis_version:7.0.0\r\n")
                    .append("jab_kv_version:1\r\n")
                    .append("redis_mode:standalone\r\n")
                    .append("os:").append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.arch")).append("\r\n")
                    .append("multiplexing_api:").append(transport()).append("\r\n")
                    .append("java_version:").append(System.getProperty("java.version")).append("\r\n")
                    .append("process_id:").append(ProcessHandle.current().pid()).append("\r\n")
                    .append("tcp_port:").append(port()).append("\r\n")
                    .append("uptime_in_seconds:").append((System.currentTimeMillis() - startedAt) / 1000).append("\r\n")
                    .append("shards:").append(store.shardCount()).append("\r\n\r\n");
        }
        if (all || section.equals("clients")) {
            sb.append("# Clients\r\n")
                    .append("connected_clients:").append(clients.get()).append("\r\n")
                    .append("maxclients:").append(config.maxClients).append("\r\n")
                    .append("rejected_connections:").append(rejected.get()).append("\r\n\r\n");
        }
        if (all || section.equals("stats")) {
            sb.append("# Stats\r\n")
                    .append("total_connections_received:").append(nextClientId.get()).append("\r\n")
                    .append("total_commands_processed:").append(closedCommands.sum() + sum(c -> c.commands)).append("\r\n")
                    .append("keyspace_hits:").append(closedHits.sum() + sum(c -> c.hits)).append("\r\n")
                    .append("keyspace_misses:").append(closedMisses.sum() + sum(c -> c.misses)).append("\r\n")
                    .append("expired_keys:").append(store.stats().expired()).append("\r\n")
                    .append("evicted_keys:").append(store.stats().evicted()).append("\r\n\r\n");
        }
        if (all || section.equals("memory")) {
            sb.append(MemoryInfo.section(store, config));
        }
        if (section.equals("all") || section.equals("everything") || section.equals("jvm")) { // not Redis's: outside the default
            sb.append(JvmInfo.section());
        }
        if ((all || section.equals("persistence"))) {
            sb.append(persistence != null ? persistence.info() : "# Persistence\r\nloading:0\r\naof_enabled:0\r\naof_last_write_status:ok\r\n\r\n");
        }
        if (all || section.equals("keyspace")) {
            sb.append("# Keyspace\r\n");
            long keys = store.dbsize();
            if (keys > 0) {
                sb.append("db0:keys=").append(keys).append(",expires=").append(store.keysWithDeadline()).append(",avg_ttl=0\r\n");
            }
        }
        return sb.toString();
    }

    private long sum(java.util.function.ToLongFunction<ClientState> f) {
        long n = 0;
        for (ClientState c : connected) {
            n += f.applyAsLong(c);
        }
        return n;
    }

    /** For connections over maxclients: Redis's error, then close. */
    private static final class Refuse extends ChannelInboundHandlerAdapter {
        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ByteBuf b = ctx.alloc().buffer();
            Resp.error(b, "ERR max number of clients reached");
            ctx.writeAndFlush(b).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
