package jab.kv.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import jab.kv.server.KvServer;
import jab.kv.server.ServerConfig;

class LoadGeneratorTest {
    private static LoadConfig config(int port) {
        LoadConfig c = new LoadConfig();
        c.port = port;
        c.clients = 4;
        c.warmupMillis = 200;
        c.durationMillis = 800;
        c.keys = 1000;
        return c;
    }

    @Test
    void closedLoopCountsRequestsAndLatencies() throws Exception {
        ServerConfig sc = new ServerConfig();
        sc.port = 0;
        try (KvServer server = new KvServer(sc)) {
            LoadConfig c = config(server.start());
            c.pipeline = 8;
            LoadResult r = new LoadGenerator(c).run();
            assertThat(r.requests).isPositive();
            assertThat(r.errors).isZero();
            assertThat(r.latencyNanos.getTotalCount()).isEqualTo(r.requests);
            assertThat(r.percentileMicros(99)).isGreaterThanOrEqualTo(r.percentileMicros(50)).isPositive();
            assertThat(r.table()).contains("p99").contains("Throughput (RPS)").contains("| 4 |");
            assertThat(server.store().dbsize()).isEqualTo(1000); // prefilled, and SETs only overwrite
        }
    }

    @Test
    void openLoopSendsAtTheRequestedRate() throws Exception {
        ServerConfig sc = new ServerConfig();
        sc.port = 0;
        try (KvServer server = new KvServer(sc)) {
            LoadConfig c = config(server.start());
            c.rate = 2000;
            c.durationMillis = 1000;
            LoadResult r = new LoadGenerator(c).run();
            assertThat(r.throughput()).isBetween(1500.0, 2500.0);
            assertThat(r.errors).isZero();
        }
    }

    @Test
    void errorRepliesAreCounted() throws Exception {
        ServerConfig sc = new ServerConfig();
        sc.port = 0;
        sc.maxKeys = 10; // the prefill's 1000 keys do not fit: SETs of new keys get OOM errors
        try (KvServer server = new KvServer(sc)) {
            LoadConfig c = config(server.start());
            c.prefill = false;
            c.getRatio = 0;
            LoadResult r = new LoadGenerator(c).run();
            assertThat(r.errors).isPositive();
        }
    }

    @Test
    void manyClientsShareOneEventLoopThread() throws Exception {
        ServerConfig sc = new ServerConfig();
        sc.port = 0;
        try (KvServer server = new KvServer(sc)) {
            LoadConfig c = config(server.start());
            c.clients = 64;
            c.threads = 1;
            c.pipeline = 16;
            assertThat(loadThreadsAfterRun()).as("loop threads of an earlier run").isZero();
            java.util.concurrent.atomic.AtomicInteger mostLoopThreads = new java.util.concurrent.atomic.AtomicInteger();
            Thread watcher = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    mostLoopThreads.accumulateAndGet(loadThreads(), Math::max);
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            watcher.start();
            LoadResult r;
            try {
                r = new LoadGenerator(c).run();
            } finally {
                watcher.interrupt();
                watcher.join();
            }
            assertThat(r.requests).isPositive();
            assertThat(r.errors).isZero();
            assertThat(r.latencyNanos.getTotalCount()).isEqualTo(r.requests);
            assertThat(mostLoopThreads.get()).as("event-loop threads during a 64-client run").isEqualTo(1);
        }
        assertThat(loadThreadsAfterRun()).as("event-loop threads left after the run").isZero();
    }

    /**
     * The loop threads still alive once run() has returned, given a moment: the group's termination is
     * signalled from the loop thread itself just before it exits, so one may not be gone at once.
     */
    private static int loadThreadsAfterRun() throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (loadThreads() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return loadThreads();
    }

    private static int loadThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("kv-load-loop")).count();
    }

    @Test
    void aServerThatHangsUpFailsTheRunAndLeavesNoThreadBehind() throws Exception {
        try (java.net.ServerSocket hangsUp = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        hangsUp.accept().close();
                    }
                } catch (java.io.IOException closed) {
                    // the test is over
                }
            });
            acceptor.start();
            LoadConfig c = config(hangsUp.getLocalPort());
            c.prefill = false;
            assertThatThrownBy(() -> new LoadGenerator(c).run()).isInstanceOf(java.io.IOException.class)
                    .hasMessageContaining("load client failed");
        }
        assertThat(loadThreadsAfterRun()).isZero();
    }

    @Test
    void nothingListeningIsACleanIOException() throws Exception {
        LoadConfig c = config(1);
        c.prefill = false;
        assertThatThrownBy(() -> new LoadGenerator(c).run()).isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("cannot connect");
        assertThat(loadThreadsAfterRun()).isZero();
    }

    @Test
    void badSettingsAreRefused() {
        LoadConfig t = config(1);
        t.threads = 0;
        assertThatThrownBy(() -> new LoadGenerator(t)).hasMessageContaining("--threads");
        LoadConfig c = config(1);
        c.getRatio = 1.5;
        assertThatThrownBy(() -> new LoadGenerator(c)).hasMessageContaining("--get-ratio");
    }
}
