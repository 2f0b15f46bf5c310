package jab.bench.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Where benchmark files live. The harness passes the user's {@code --dir} to every fork as the
 * system property {@code jab.dir} (a per-run work directory it removes itself after a Ctrl-C), so a
 * fork that is killed before its teardown still leaves nothing behind.
 */
public final class BenchDirs {
    public static final String DIR_PROPERTY = "jab.dir";

    private BenchDirs() {
    }

    /** A fresh directory for one trial, under {@code jab.dir} or the system temp dir. */
    public static Path freshTrialDir(String prefix) {
        return freshTrialDir(baseDir(), prefix);
    }

    /** {@code jab.dir}, or the system temp dir when a benchmark runs outside jab. */
    public static Path baseDir() {
        return Paths.get(System.getProperty(DIR_PROPERTY, System.getProperty("java.io.tmpdir")));
    }

    /** A fresh directory under {@code parent}. */
    public static Path freshTrialDir(Path parent, String prefix) {
        try {
            Files.createDirectories(parent);
            return Files.createTempDirectory(parent, prefix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a benchmark directory under " + parent, e);
        }
    }

    /** Removes a directory tree without following symbolic links; missing is fine. */
    public static void deleteTree(Path root) {
        if (root == null || !Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
                    Files.deleteIfExists(file); // a symlink loop or broken link: remove the link itself
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + root, e);
        }
    }
}
