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

import jab.kv.KvConfig;
import jab.kv.KvStore;

/**
 * Time per operation (ns/op, one thread) of jab's store by shard count: a get of a present key, a set
 * (overwrite) and the 70/25/5 get/set/del mix, over 16,384 random keys: MilletDB's LatencyBenchmark
 * (get 73 ns, set 827 ns, mixed 500-564 ns there). The number depends mostly on cache misses in the
 * map and on the store's extras (shard choice, expiry check, counters); compare with
 * {@link ConcurrentHashMapLatencyBenchmark}, which does the same work on a plain map.
 * <pre>./jab run 'StoreLatency|ConcurrentHashMapLatency' -p shards=1,8,16</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
public class StoreLatencyBenchmark {
    @Param({"1", "8", "16"})
    public int shards;

    KvWorkload work;
    KvStore store;
    int i;

    @Setup(Level.Trial)
    public void fill() {
        work = new KvWorkload();
        store = new KvStore(KvConfig.defaults().shards(shards).sweep(0, 1));
        for (int k = 0; k < KvWorkload.KEYS; k++) {
            store.set(work.keys[k], work.values[k]);
        }
        KvWorkload.settleHeap();
    }

    @TearDown(Level.Trial)
    public void close() {
        store.close();
    }

    @Benchmark
    public int get() {
        int k = work.keyIndex[i++ & (KvWorkload.SEQUENCE - 1)];
        return KvWorkload.read(store.get(work.keys[k]));
    }

    @Benchmark
    public byte[] set() {
        int k = work.keyIndex[i++ & (KvWorkload.SEQUENCE - 1)];
        store.set(work.keys[k], work.values[k]);
        return work.values[k];
    }

    /** The mix deletes keys; sets put them back, so about a fifth of the keys are missing at any time. */
    @Benchmark
    public Object mixed() {
        int n = i++ & (KvWorkload.SEQUENCE - 1);
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
}
