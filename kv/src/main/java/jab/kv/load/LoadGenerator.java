package jab.kv.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;

/**
 * Drives any RESP server with GET/SET traffic from many connections, one thread each.
 *
 * <p>Closed loop (default): each client sends a batch of {@code pipeline} commands, waits for all the
 * replies, and sends the next; a request's latency runs from its batch's send to its reply. Open loop
 * ({@code rate}): each client sends its batches on a fixed schedule whatever the server does, and a
 * request's latency runs from when it was due, not when it was sent, so a stalled server is charged
 * for the requests it held back (coordinated omission corrected). Warmup requests are not counted.
 */
public final class LoadGenerator {
    private static final long MAX_LATENCY_NANOS = 60_000_000_000L;
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
        long start = System.nanoTime();
        long measureFrom = start + config.warmupMillis * 1_000_000L;
        long end = measureFrom + config.durationMillis * 1_000_000L;
        CountDownLatch done = new CountDownLatch(config.clients);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Worker> workers = new ArrayList<>();
        for (int c = 0; c < config.clients; c++) {
            Worker w = new Worker(c, start, measureFrom, end, done, failure);
            workers.add(w);
        }
        for (Worker w : workers) {
            w.thread.start();
        }
        done.await();
        if (failure.get() != null) {
            throw new IOException("load client failed: " + failure.get().getMessage(), failure.get());
        }
        Histogram all = new Histogram(MAX_LATENCY_NANOS, 3);
        long requests = 0;
        long errors = 0;
        for (Worker w : workers) {
            all.add(w.histogram);
            requests += w.requests;
            errors += w.errors;
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

    private final class Worker implements Runnable {
        final Thread thread;
        final Histogram histogram = new Histogram(MAX_LATENCY_NANOS, 3);
        final int id;
        final long start;
        final long measureFrom;
        final long end;
        final CountDownLatch done;
        final AtomicReference<Throwable> failure;
        long requests;
        long errors;

        Worker(int id, long start, long measureFrom, long end, CountDownLatch done, AtomicReference<Throwable> failure) {
            this.id = id;
            this.start = start;
            this.measureFrom = measureFrom;
            this.end = end;
            this.done = done;
            this.failure = failure;
            thread = new Thread(this, "kv-load-" + id);
            thread.setDaemon(true);
        }

        @Override
        public void run() {
            SplittableRandom rnd = new SplittableRandom(config.seed * 1_000_003L + id);
            int n = config.pipeline;
            // Open loop: batches due every interval, clients staggered over the first interval.
            double batchesPerSecond = config.rate > 0 ? config.rate / config.clients / n : 0;
            long interval = batchesPerSecond > 0 ? Math.max(1, (long) (1e9 / batchesPerSecond)) : 0;
            long due = start + (interval > 0 ? interval * id / config.clients : 0);
            try (RespClient c = connect()) {
                while (true) {
                    long now = System.nanoTime();
                    if (interval > 0) {
                        while (now < due) {
                            LockSupport.parkNanos(due - now);
                            now = System.nanoTime();
                        }
                    }
                    if (now >= end) {
                        break;
                    }
                    for (int i = 0; i < n; i++) {
                        byte[] key = keyBulks[rnd.nextInt(keyBulks.length)];
                        if (rnd.nextDouble() < config.getRatio) {
                            c.get(key);
                        } else {
                            c.set(key, valueBulk);
                        }
                    }
                    long sent = interval > 0 ? due : System.nanoTime();
                    c.flush();
                    boolean counted = sent >= measureFrom;
                    for (int i = 0; i < n; i++) {
                        boolean ok = c.readReply();
                        if (counted) {
                            histogram.recordValue(Math.min(MAX_LATENCY_NANOS, Math.max(0, System.nanoTime() - sent)));
                            requests++;
                            if (!ok) {
                                errors++;
                            }
                        }
                    }
                    due += interval;
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            } finally {
                done.countDown();
            }
        }
    }
}
