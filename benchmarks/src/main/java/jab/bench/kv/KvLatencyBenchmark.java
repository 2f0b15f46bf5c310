package jab.bench.kv;

import java.util.concurrent.TimeUnit;

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
 * Time per operation (ns/op, one thread) of each {@code impl}: a get of a present key, a set (an
 * overwrite) and the 70/25/5 get/set/del mix, over 16,384 random keys: MilletDB's LatencyBenchmark
 * (get 73 ns, set 827 ns, mixed 500-564 ns there). The figure depends mostly on cache misses in the map
 * and, for the store, on its extras (shard choice, expiry check); the ConcurrentHashMap does the same
 * work without them. The store's target is get within 1.2x and set within 1.5x of the
 * ConcurrentHashMap's figures in the same run. {@link KvImpl} says which impl values there are.
 * <pre>./jab run KvLatency -p impl=CONCURRENT_HASH_MAP,STORE_16</pre>
 *
 * <p>Each fork runs one impl, so the {@link KvMap} calls stay monomorphic there and inline: the
 * interface costs nothing measurable.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
public class KvLatencyBenchmark {
    @Param({"CONCURRENT_HASH_MAP", "STORE_1", "STORE_8", "STORE_16"})
    public String impl;

    KvWorkload work;
    KvMap map;
    int i;

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

    @Benchmark
    public int get() {
        int k = work.keyIndex[i++ & (KvWorkload.SEQUENCE - 1)];
        return KvWorkload.read(map.get(work.keys[k]));
    }

    @Benchmark
    public byte[] set() {
        int k = work.keyIndex[i++ & (KvWorkload.SEQUENCE - 1)];
        map.set(work.keys[k], work.values[k]);
        return work.values[k];
    }

    /** One step of the mix ({@link KvWorkload#step}); about a fifth of the keys are missing at any time. */
    @Benchmark
    public Object mixed() {
        return work.step(map, i++ & (KvWorkload.SEQUENCE - 1));
    }
}
