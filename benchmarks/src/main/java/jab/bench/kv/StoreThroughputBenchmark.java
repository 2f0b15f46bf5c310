package jab.bench.kv;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

import jab.kv.KvConfig;
import jab.kv.KvStore;

/**
 * Throughput (ops/ms, all threads together) of jab's store under the 70/25/5 get/set/del mix, with one
 * shard and with many, at 1, 2, 4 and 8 threads: MilletDB's ShardedKVStoreBenchmark. The number depends
 * on how the store's threads contend (one shard's map against many maps) and on the core count: above
 * the machine's cores, more threads only share the same CPUs. JMH fixes a method's thread count, so each
 * count is its own method ({@code mixed_4Threads}); compare with {@link ConcurrentHashMapThroughputBenchmark}.
 * <pre>./jab run 'StoreThroughput|ConcurrentHashMapThroughput' -p shards=1,16</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class StoreThroughputBenchmark {
    @Param({"1", "16"})
    public int shards;

    KvWorkload work;
    KvStore store;
    final AtomicInteger threadIds = new AtomicInteger();

    @Setup(Level.Trial)
    public void fill() {
        work = new KvWorkload();
        store = new KvStore(KvConfig.defaults().shards(shards).sweep(0, 1));
        for (int i = 0; i < KvWorkload.KEYS; i++) {
            store.set(work.keys[i], work.values[i]);
        }
        KvWorkload.settleHeap();
    }

    @TearDown(Level.Trial)
    public void close() {
        store.close();
    }

    /** Each thread's own place in the operation sequence. */
    @State(Scope.Thread)
    public static class Cursor {
        int i;

        @Setup(Level.Trial)
        public void start(StoreThroughputBenchmark b) {
            i = KvWorkload.startFor(b.threadIds.getAndIncrement());
        }
    }

    Object step(Cursor c) {
        int n = c.i++ & (KvWorkload.SEQUENCE - 1);
        int k = work.keyIndex[n];
        switch (work.op[n]) {
            case KvWorkload.GET:
                return KvWorkload.read(store.get(work.keys[k]));
            case KvWorkload.SET:
                store.set(work.keys[k], work.values[k]);
                return work.values[k];
            default:
                return store.del(work.keys[k]);
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
