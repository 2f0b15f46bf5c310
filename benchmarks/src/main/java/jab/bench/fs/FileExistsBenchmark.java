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

/**
 * Cost of one existence check ({@link ExistenceCheck}) on an existing file, a missing path, and a
 * random pick among {@code files} existing files or missing paths. The figure depends on the
 * filesystem of {@code --dir} (tmpfs vs disk), the dentry cache, and whether the JDK builds an
 * exception for a missing file.
 *
 * <p>Run: {@code ./jab run fs -p api=FILE_EXISTS,FILES_EXISTS_NOFOLLOW -p files=1000}
 *
 * <p>The random scenarios walk a precomputed index sequence, so the pick costs an array load, not a
 * call to a random generator, and the same file is not looked up twice in a row: one path checked
 * again and again stays hot in every cache, which is what the single-file scenarios measure.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class FileExistsBenchmark {

    @Param
    public ExistenceCheck api;

    @Param("1000")
    public int files;

    private FsFixture fixture;
    private File existingFile;
    private File missingFile;
    private Path existingPath;
    private Path missingPath;
    private File[] existingFiles;
    private File[] missingFiles;
    private Path[] existingPaths;
    private Path[] missingPaths;
    private int[] picks;
    private int cursor;

    @Setup
    public void createFiles(BenchmarkParams params) {
        fixture = FsFixture.forMethod(params.getBenchmark(), files);
        existingPath = fixture.existing;
        missingPath = fixture.missing;
        existingFile = existingPath.toFile();
        missingFile = missingPath.toFile();
        existingPaths = fixture.existingFiles;
        missingPaths = fixture.missingFiles;
        existingFiles = FsFixture.toFiles(existingPaths);
        missingFiles = FsFixture.toFiles(missingPaths);
        picks = fixture.picks;
    }

    @TearDown
    public void removeFiles() {
        fixture.close();
    }

    @Benchmark
    public boolean existingFile() {
        return api.check(existingFile, existingPath);
    }

    @Benchmark
    public boolean missingFile() {
        return api.check(missingFile, missingPath);
    }

    @Benchmark
    public boolean randomExistingFiles() {
        int i = nextPick();
        return api.check(existingFiles[i], existingPaths[i]);
    }

    @Benchmark
    public boolean randomMissingFiles() {
        int i = nextPick();
        return api.check(missingFiles[i], missingPaths[i]);
    }

    private int nextPick() {
        int i = picks[cursor];
        cursor = (cursor + 1) & (FsFixture.PICKS - 1);
        return i;
    }
}
