package jab.bench.fs;

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

import jab.fork.Syscalls;

/**
 * The in-process floor of the existence checks: stat(2) on the same paths as {@link FileExistsBenchmark},
 * called from the JVM through JNI, with the path already in native memory. It is what File.exists() and
 * Files.exists(p) come down to on Linux, without the JDK's path handling, so a question that
 * interleaves it with them shows the JVM's own cost as a ratio measured in the same moments. The C
 * floor measured outside the JVM (fs_baseline) is its cross-check: the difference is the JNI transition.
 *
 * <p>Run: {@code ./jab run 'FileExistsBenchmark.missingFile|StatFloorBenchmark.missingFile' -p api=FILE_EXISTS,FILES_EXISTS}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StatFloorBenchmark {

    @Param("1000")
    public int files;

    private FsFixture fixture;
    private long existingPath;
    private long missingPath;

    @Setup
    public void createFiles(BenchmarkParams params) {
        fixture = FsFixture.forMethod(params.getBenchmark(), files);
        existingPath = Syscalls.path(fixture.existing.toString());
        missingPath = Syscalls.path(fixture.missing.toString());
    }

    @TearDown
    public void removeFiles() {
        Syscalls.free(existingPath);
        Syscalls.free(missingPath);
        fixture.close();
    }

    @Benchmark
    public int existingFile() {
        return Syscalls.stat(existingPath);
    }

    @Benchmark
    public int missingFile() {
        return Syscalls.stat(missingPath);
    }
}
