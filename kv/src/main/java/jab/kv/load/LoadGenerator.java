package jab.kv.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.HdrHistogram.Histogram;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;

import jab.kv.server.Transport;

/**
 * Drives any RESP server with GET/SET traffic from many connections, all driven by a few event-loop
 * threads ({@code threads}, default 1): one epoll loop keeps hundreds of connections busy, and a load
 * tool sharing a small machine with the server it measures should take as few CPUs from it as it can
 * (one blocking thread per connection, as before, put 64 threads beside the server on 2 CPUs).
 *
 * <p>Closed loop (default): each client sends a batch of {@code pipeline} commands, waits for all the
 * replies, and sends the next; a request's latency runs from its batch's send to its reply. Open loop
 * ({@code rate}): each client sends its batches on a fixed schedule whatever the server does, and a
 * request's latency runs from when it was due, not when it was sent, so a stalled server is charged
 * for the requests it held back (coordinated omission corrected). Warmup requests are not counted.
 * See {@link LoadConnection}.
 */
public final class LoadGenerator {
    /** How long after the run's end a connection may still wait for its last replies. */
    private static final long LAST_REPLIES_NANOS = TimeUnit.SECONDS.toNanos(30);
    private final LoadConfig config;
    private final byte[][] keyBulks;
    private final byte[] valueBulk;

    public LoadGenerator(LoadConfig config) {
        config.validate();
        this.config = config;
        keyBulks = new byte[config.keys][];
        for (int i = 0; i < config.keys; i++) {
            keyBulks[i] = RespClient.bulk(String.format("key:%08d", i).getBytes(StandardCharsets.US_ASCII));
        }
        byte[] value = new byte[config.valueSize];
        Arrays.fill(value, (byte) 'x');
        valueBulk = RespClient.bulk(value);
    }

    public LoadResult run() throws IOException, InterruptedException {
        if (config.prefill) {
            prefill();
        }
        Transport transport = Transport.auto();
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(config.threads, new DefaultThreadFactory("kv-load-loop", true),
                transport.ioHandlers());
        Shared run = new Shared();
        try {
            Bootstrap bootstrap = new Bootstrap().group(loops).channel(transport.socketChannel())
                    .option(ChannelOption.TCP_NODELAY, true).option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5000);
            List<LoadConnection> connections = new ArrayList<>();
            List<ChannelFuture> connects = new ArrayList<>();
            for (int id = 0; id < config.clients; id++) {
                LoadConnection c = new LoadConnection(run, id);
                connections.add(c);
                connects.add(bootstrap.clone().handler(c).connect(config.host, config.port));
            }
            for (ChannelFuture f : connects) {
                if (!f.await().isSuccess()) {
                    throw new IOException("cannot connect to " + config.host + ":" + config.port + ": " + f.cause().getMessage(), f.cause());
                }
            }
            run.start = System.nanoTime();
            run.measureFrom = run.start + config.warmupMillis * 1_000_000L;
            run.end = run.measureFrom + config.durationMillis * 1_000_000L;
            for (int i = 0; i < connections.size(); i++) {
                LoadConnection c = connections.get(i);
                connects.get(i).channel().eventLoop().execute(c::begin);
            }
            long wait = run.end - System.nanoTime() + LAST_REPLIES_NANOS;
            if (!run.done.await(Math.max(0, wait), TimeUnit.NANOSECONDS)) {
                throw new IOException("load clients still waiting for replies 30 s after the run's end: the server stopped answering");
            }
        } finally {
            loops.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        }
        if (run.failure.get() != null) {
            throw new IOException("load client failed: " + run.failure.get().getMessage(), run.failure.get());
        }
        Histogram all = new Histogram(LoopFigures.MAX_LATENCY_NANOS, 3);
        long requests = 0;
        long errors = 0;
        for (LoopFigures f : run.figures.values()) {
            all.add(f.latencyNanos);
            requests += f.requests;
            errors += f.errors;
        }
        return new LoadResult(config, requests, errors, config.durationMillis / 1000.0, all);
    }

    private RespClient connect() throws IOException {
        RespClient c = new RespClient(config.host, config.port);
        if (config.password != null && !config.password.isEmpty()) {
            c.command("AUTH", config.password);
            c.flush();
            if (!c.readReply()) {
                c.close();
                throw new IOException("AUTH refused by " + config.host + ":" + config.port);
            }
        }
        return c;
    }

    private void prefill() throws IOException {
        try (RespClient c = connect()) {
            int batch = 0;
            for (byte[] key : keyBulks) {
                c.set(key, valueBulk);
                if (++batch == 256) {
                    drain(c, batch);
                    batch = 0;
                }
            }
            drain(c, batch);
        }
    }

    private static void drain(RespClient c, int replies) throws IOException {
        c.flush();
        for (int i = 0; i < replies; i++) {
            if (!c.readReply()) {
                throw new IOException("prefill SET refused by the server");
            }
        }
    }

    /** What the connections of this run share; set before any connection begins. */
    private final class Shared implements LoadConnection.Run {
        final CountDownLatch done = new CountDownLatch(config.clients);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Map<EventExecutor, LoopFigures> figures = new ConcurrentHashMap<>();
        volatile long start;
        volatile long measureFrom;
        volatile long end;

        @Override
        public LoadConfig config() {
            return config;
        }

        @Override
        public byte[][] keyBulks() {
            return keyBulks;
        }

        @Override
        public byte[] valueBulk() {
            return valueBulk;
        }

        @Override
        public long startNanos() {
            return start;
        }

        @Override
        public long measureFromNanos() {
            return measureFrom;
        }

        @Override
        public long endNanos() {
            return end;
        }

        @Override
        public LoopFigures figures(ChannelHandlerContext ctx) {
            return figures.computeIfAbsent(ctx.executor(), k -> new LoopFigures());
        }

        @Override
        public void finished(Throwable cause) {
            if (cause != null) {
                failure.compareAndSet(null, cause);
            }
            done.countDown();
        }
    }
}
