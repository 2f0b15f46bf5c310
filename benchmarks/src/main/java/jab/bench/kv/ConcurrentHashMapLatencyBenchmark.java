package jab.bench.kv;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

import jab.kv.ByteKey;

/**
 * The baseline for {@link StoreLatencyBenchmark}: a plain ConcurrentHashMap of the same keys and values
 * doing the same get, set and mixed work, one thread, ns/op. The store's target is get within 1.2x and
 * set within 1.5x of these figures in the same run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
public class ConcurrentHashMapLatencyBenchmark {
    KvWorkload work;
    ConcurrentHashMap<ByteKey, byte[]> map;
    int i;

    @Setup(Level.Trial)
    public void fill() {
        work = new KvWorkload();
        map = new ConcurrentHashMap<>();
        for (int k = 0; k < KvWorkload.KEYS; k++) {
            map.put(work.keys[k], work.values[k]);
        }
        KvWorkload.settleHeap();
    }

    @Benchmark
    public int get() {
        int k = work.keyIndex[i++ & (KvWorkload.SEQUENCE - 1)];
        return KvWorkload.read(map.get(work.keys[k]));
    }

    @Benchmark
    public byte[] set() {
        int k = work.keyIndex[i++ & (KvWorkload.SEQUENCE - 1)];
        map.put(work.keys[k], work.values[k]);
        return work.values[k];
    }

    @Benchmark
    public Object mixed() {
        int n = i++ & (KvWorkload.SEQUENCE - 1);
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
}
