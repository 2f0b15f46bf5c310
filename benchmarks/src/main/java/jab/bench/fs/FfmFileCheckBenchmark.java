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

/**
 * The native baseline from inside the JVM: access(2) or stat(2) through the Foreign Function API on
 * the same four scenarios as {@link FileExistsBenchmark}. Beside the C figure it separates the cost
 * of the syscall from the cost of Java's wrappers. JDK 22+ only: jab runs it on those JDKs alone.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class FfmFileCheckBenchmark {

    @Param({"access", "stat"})
    public String call;

    @Param("1000")
    public int files;

    private FsFixture fixture;
    private FfmFileCheck check;
    private Object existing;
    private Object missing;
    private Object[] existingFiles;
    private Object[] missingFiles;
    private int[] picks;
    private int cursor;

    @Setup
    public void createFiles(BenchmarkParams params) throws ReflectiveOperationException {
        fixture = FsFixture.forMethod(params.getBenchmark(), files);
        check = FfmFileCheck.create(call);
        existing = check.cString(fixture.existing);
        missing = check.cString(fixture.missing);
        existingFiles = check.cStrings(fixture.existingFiles);
        missingFiles = check.cStrings(fixture.missingFiles);
        picks = fixture.picks;
    }

    @TearDown
    public void removeFiles() throws ReflectiveOperationException {
        check.close();
        fixture.close();
    }

    @Benchmark
    public boolean existingFile() throws Throwable {
        return check.exists(existing);
    }

    @Benchmark
    public boolean missingFile() throws Throwable {
        return check.exists(missing);
    }

    @Benchmark
    public boolean randomExistingFiles() throws Throwable {
        return check.exists(existingFiles[nextPick()]);
    }

    @Benchmark
    public boolean randomMissingFiles() throws Throwable {
        return check.exists(missingFiles[nextPick()]);
    }

    private int nextPick() {
        int i = picks[cursor];
        cursor = (cursor + 1) & (FsFixture.PICKS - 1);
        return i;
    }
}
