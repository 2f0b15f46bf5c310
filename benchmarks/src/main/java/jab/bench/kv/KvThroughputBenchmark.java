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

/**
 * Throughput (ops/ms, all threads together) of each {@code impl} under the 70/25/5 get/set/del mix at
 * 1, 2, 4 and 8 threads sharing one map: MilletDB's ShardedKVStoreBenchmark. The figure depends on how
 * the threads contend (the store with one shard's map against many maps, the ConcurrentHashMap without
 * the store's extras) and on the core count: above the machine's cores, more threads only share the
 * same CPUs. JMH fixes a method's thread count, so each count is its own method
 * ({@code mixed_4Threads}). {@link KvImpl} says which impl values there are.
 * <pre>./jab run KvThroughput -p impl=CONCURRENT_HASH_MAP,STORE_16</pre>
 *
 * <p>Each fork runs one impl, so the {@link KvMap} calls stay monomorphic there and inline: the
 * interface costs nothing measurable.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class KvThroughputBenchmark {
    @Param({"CONCURRENT_HASH_MAP", "STORE_1", "STORE_16"})
    public String impl;

    KvWorkload work;
    KvMap map;
    final AtomicInteger threadIds = new AtomicInteger();

    @Setup(Level.Trial)
    public void fill() {
        work = new KvWorkload();
        map = KvImpl.parse(impl).open();
        work.fill(map);
    }

    @TearDown(Level.Trial)
    public void close() {
        map.close();
    }

    /** Each thread's own place in the operation sequence. */
    @State(Scope.Thread)
    public static class Cursor {
        int i;

        @Setup(Level.Trial)
        public void start(KvThroughputBenchmark b) {
            i = KvWorkload.startFor(b.threadIds.getAndIncrement());
        }
    }

    Object step(Cursor c) {
        return work.step(map, c.i++ & (KvWorkload.SEQUENCE - 1));
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
