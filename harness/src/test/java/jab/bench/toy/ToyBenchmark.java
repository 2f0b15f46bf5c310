package jab.bench.toy;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The benchmark of a family that exists only in the tests: it proves a family is added by its own
 * packages alone. Sums an array made in setup and returns the sum, so nothing is folded away.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ToyBenchmark {
    @Param({"8", "64"})
    public int size;

    int[] values;

    @Setup
    public void fill() {
        values = new int[size];
        for (int i = 0; i < size; i++) {
            values[i] = i * 31;
        }
    }

    @Benchmark
    public int sum() {
        int s = 0;
        for (int v : values) {
            s += v;
        }
        return s;
    }
}
