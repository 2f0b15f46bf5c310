package jab.bench.fs;

import java.io.File;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;

/**
 * An effect of known size, for {@code jab calibrate}: one {@link FileExistsBenchmark} operation (the
 * check {@code api} on the existing file or the missing path) made {@code repeat} times per
 * invocation, each answer consumed. Two variants that differ only in {@code repeat} run the same code
 * and the same system calls, so their true time ratio is the ratio of their repeats (JMH's own cost
 * per invocation, a few nanoseconds against {@code repeat} checks of about a microsecond, moves it by
 * under 0.01%). The files are made in setup, outside the measured code, as the benchmark makes them.
 * jab runs it in calibrations only, never as a result of {@code jab run}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RepeatedCheckBenchmark {

    @Param("FILE_EXISTS")
    public ExistenceCheck api;

    /** Declared because the benchmark it repeats declares it; the single-file scenarios make no other files. */
    @Param("1000")
    public int files;

    @Param("100")
    public int repeat;

    private FsFixture fixture;
    private File existingFile;
    private File missingFile;
    private Path existingPath;
    private Path missingPath;

    @Setup
    public void createFiles(BenchmarkParams params) {
        if (repeat < 1) {
            throw new IllegalArgumentException("repeat must be >= 1, was " + repeat);
        }
        fixture = FsFixture.forMethod(params.getBenchmark(), files);
        existingPath = fixture.existing;
        missingPath = fixture.missing;
        existingFile = existingPath.toFile();
        missingFile = missingPath.toFile();
    }

    @TearDown
    public void removeFiles() {
        fixture.close();
    }

    @Benchmark
    public void existingFile(Blackhole bh) {
        for (int i = 0; i < repeat; i++) {
            bh.consume(api.check(existingFile, existingPath));
        }
    }

    @Benchmark
    public void missingFile(Blackhole bh) {
        for (int i = 0; i < repeat; i++) {
            bh.consume(api.check(missingFile, missingPath));
        }
    }
}
