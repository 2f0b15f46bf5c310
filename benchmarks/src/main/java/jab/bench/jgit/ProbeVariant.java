package jab.bench.jgit;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.LinkOption;

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
    /** JGit as shipped: its own calls (through {@link Probes}' switch, as every variant) and its detected {@code FS}. */
    STOCK,
    /** {@code File.exists()}: stat(2); follows links. */
    FILE_EXISTS,
    /** {@code Files.exists(p)}: follows links. */
    FILES_EXISTS,
    /** {@code Files.exists(p, NOFOLLOW_LINKS)}: lstat; true for a broken symlink (JGit's FS.exists). */
    FILES_EXISTS_NOFOLLOW;

    /** The variant's answer ({@link Probes}, {@link VariantFs}); JGit's detected FS answers for STOCK. */
    public boolean exists(File f) {
        switch (this) {
            case FILE_EXISTS:
                return f.exists();
            case FILES_EXISTS:
                return Files.exists(f.toPath());
            case FILES_EXISTS_NOFOLLOW: // as JGit's FileUtils.exists (what FS.exists does): a broken symlink exists
                return Files.exists(f.toPath(), LinkOption.NOFOLLOW_LINKS);
            default:
                return FS.DETECTED.exists(f);
        }
    }
}
