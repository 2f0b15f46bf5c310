package jab.bench.kv;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

import java.util.concurrent.ConcurrentHashMap;

import jab.kv.ByteKey;

/**
 * The baseline for {@link StoreThroughputBenchmark}: a plain ConcurrentHashMap doing the same work, the
 * same operation sequence over the same keys. Throughput (ops/ms, all threads together) under the 70/25/5 get/set/del mix, at 1, 2,
 * 4 and 8 threads; no expiry checks, no counters, no shards: what the store's extras cost is the gap.
 * <pre>./jab run 'StoreThroughput|ConcurrentHashMapThroughput' -p shards=1,16</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ConcurrentHashMapThroughputBenchmark {
    KvWorkload work;
    ConcurrentHashMap<ByteKey, byte[]> map;
    final AtomicInteger threadIds = new AtomicInteger();

    @Setup(Level.Trial)
    public void fill() {
        work = new KvWorkload();
        map = new ConcurrentHashMap<>();
        for (int i = 0; i < KvWorkload.KEYS; i++) {
            map.put(work.keys[i], work.values[i]);
        }
        KvWorkload.settleHeap();
    }

    /** Each thread's own place in the operation sequence. */
    @State(Scope.Thread)
    public static class Cursor {
        int i;

        @Setup(Level.Trial)
        public void start(ConcurrentHashMapThroughputBenchmark b) {
            i = KvWorkload.startFor(b.threadIds.getAndIncrement());
        }
    }

    Object step(Cursor c) {
        int n = c.i++ & (KvWorkload.SEQUENCE - 1);
        int k = work.keyIndex[n];
        switch (work.op[n]) {
            case KvWorkload.GET:
                return KvWorkload.read(map.get(work.keys[k]));
            case KvWorkload.SET:
                map.put(work.keys[k], work.values[k]);
                return work.values[k];
            default:
                return map.remove(work.keys[k]);
        }
    }

    @Benchmark
    @Threads(1)
    public Object mixed_1Thread(Cursor c) {
        return step(c);
    }

    @Benchmark
    @Threads(2)
    public Object mixed_2Threads(Cursor c) {
        return step(c);
    }

    @Benchmark
    @Threads(4)
    public Object mixed_4Threads(Cursor c) {
        return step(c);
    }

    @Benchmark
    @Threads(8)
    public Object mixed_8Threads(Cursor c) {
        return step(c);
    }
}
