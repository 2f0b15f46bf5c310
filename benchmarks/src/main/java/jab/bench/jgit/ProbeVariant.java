package jab.bench.jgit;

import java.io.File;

import org.eclipse.jgit.util.FS;

/**
 * Which existence check JGit's file object database makes: its own ({@link #STOCK}), or one of the
 * three calls seed 002 compared, put in place of every existence check of that database by
 * {@link ProbeRewrite} and, for JGit code that asks its {@code FS}, by {@link VariantFs}.
 *
 * <p>Each call takes the {@link File} JGit holds, so a variant that needs a {@code Path} pays for the
 * conversion, as JGit's own {@code FileUtils.exists} does.
 */
public enum ProbeVariant {
    /** JGit as shipped: its code and its detected {@code FS}, nothing replaced. */
    STOCK,
    /** {@code File.exists()}: stat(2); follows links. */
    FILE_EXISTS,
    /** {@code Files.exists(p)}: follows links. */
    FILES_EXISTS,
    /** {@code Files.exists(p, NOFOLLOW_LINKS)}: lstat; true for a broken symlink (JGit's FS.exists). */
    FILES_EXISTS_NOFOLLOW;

    /** The variant's answer; JGit's detected FS answers for STOCK. */
    public boolean exists(File f) {
        switch (this) {
            case FILE_EXISTS:
                return Probes.fileExists(f);
            case FILES_EXISTS:
                return Probes.filesExists(f);
            case FILES_EXISTS_NOFOLLOW:
                return Probes.filesExistsNoFollow(f);
            default:
                return FS.DETECTED.exists(f);
        }
    }

    /** The static method of {@link Probes} that stands in for an existence check; null for STOCK. */
    String probeMethod() {
        switch (this) {
            case FILE_EXISTS:
                return "fileExists";
            case FILES_EXISTS:
                return "filesExists";
            case FILES_EXISTS_NOFOLLOW:
                return "filesExistsNoFollow";
            default:
                return null;
        }
    }
}
