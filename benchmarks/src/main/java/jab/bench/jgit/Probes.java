package jab.bench.jgit;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.LinkOption;

import org.eclipse.jgit.util.FS;

/**
 * The existence checks that {@link ProbeRewrite} calls in place of JGit's own. Each JGit call site is
 * turned into a call of one of these static methods with the same stack effect: {@code file.exists()}
 * into {@code m(file)}, {@code fs.exists(file)} into {@code m(fs, file)} (the FS is not asked: the
 * variant answers). Public because JGit's rewritten classes call them from another package.
 */
public final class Probes {
    private Probes() {
    }

    public static boolean fileExists(File f) {
        return f.exists();
    }

    public static boolean filesExists(File f) {
        return Files.exists(f.toPath());
    }

    /** As JGit's FileUtils.exists (what FS.exists does): a broken symlink exists. */
    public static boolean filesExistsNoFollow(File f) {
        return Files.exists(f.toPath(), LinkOption.NOFOLLOW_LINKS);
    }

    public static boolean fileExists(FS fs, File f) {
        return fileExists(f);
    }

    public static boolean filesExists(FS fs, File f) {
        return filesExists(f);
    }

    public static boolean filesExistsNoFollow(FS fs, File f) {
        return filesExistsNoFollow(f);
    }
}
