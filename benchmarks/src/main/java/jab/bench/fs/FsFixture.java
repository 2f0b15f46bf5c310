package jab.bench.fs;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import jab.bench.support.BenchDirs;

/**
 * The files of the fs scenarios: one existing file, one missing path, {@code n} existing files and
 * {@code n} missing paths for the random picks, and a fixed sequence of random indices. The JMH
 * benchmark and the native baseline (through the harness) use the same layout, so their figures
 * are comparable.
 */
public final class FsFixture implements AutoCloseable {
    /** Random picks cycle through this many precomputed indices (a power of two: masked, not modded). */
    public static final int PICKS = 1 << 14;

    public final Path dir;
    public final Path existing;
    public final Path missing;
    public final Path[] existingFiles;
    public final Path[] missingFiles;
    public final int[] picks;

    private FsFixture(Path dir, int n) throws IOException {
        this.dir = dir;
        existing = Files.write(dir.resolve("existing.txt"), new byte[] {'x'});
        missing = dir.resolve("missing.txt");
        existingFiles = new Path[n];
        missingFiles = new Path[n];
        // Files in a few subdirectories, as in a real tree, so no single directory grows huge.
        for (int i = 0; i < n; i++) {
            Path sub = Files.createDirectories(dir.resolve("d" + (i % 16)));
            existingFiles[i] = Files.write(sub.resolve("f" + i + ".txt"), new byte[] {'x'});
            missingFiles[i] = sub.resolve("m" + i + ".txt");
        }
        Random random = new Random(20250718L);
        picks = new int[n > 0 ? PICKS : 0];
        for (int i = 0; i < picks.length; i++) {
            picks[i] = random.nextInt(n);
        }
    }

    /** Creates the layout in a fresh directory under {@code jab.dir}. */
    public static FsFixture create(int n) {
        return create(BenchDirs.baseDir(), n);
    }

    /**
     * The layout the benchmark method {@code benchmark} (JMH's full name of it) needs, under {@code jab.dir}:
     * the {@code n} files and their random picks only for the random scenarios. The single-file scenarios
     * check {@code existing} and {@code missing} in the top folder, which the {@code n} files (in
     * subfolders) leave alone; creating and deleting them cost an interleaved fork of eight variants
     * 8,000 files and 2-5 s of system time before its first round, measured for nothing.
     */
    public static FsFixture forMethod(String benchmark, int n) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1).startsWith("random") ? create(n) : make(BenchDirs.baseDir(), 0);
    }

    /** Creates the layout in a fresh directory under {@code parent}. */
    public static FsFixture create(Path parent, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("files must be >= 1, was " + n);
        }
        return make(parent, n);
    }

    private static FsFixture make(Path parent, int n) {
        Path dir = BenchDirs.freshTrialDir(parent, "jab-fs-");
        try {
            return new FsFixture(dir, n);
        } catch (IOException e) {
            BenchDirs.deleteTree(dir);
            throw new UncheckedIOException(e);
        }
    }

    public static File[] toFiles(Path[] paths) {
        File[] files = new File[paths.length];
        for (int i = 0; i < paths.length; i++) {
            files[i] = paths[i].toFile();
        }
        return files;
    }

    @Override
    public void close() {
        BenchDirs.deleteTree(dir);
    }
}
