package jab.bench.jgit;

import java.io.File;

import org.eclipse.jgit.util.FS;
import org.eclipse.jgit.util.FS_POSIX;

/**
 * JGit's POSIX {@link FS} with another {@code exists}: the FS a repository is opened with
 * ({@code FileRepositoryBuilder.setFS}), for JGit code that asks its FS whether a file exists. The
 * loose-object checks do not ask it (see {@link ProbeRewrite}); everything else is FS_POSIX's.
 */
public final class VariantFs extends FS_POSIX {
    private final ProbeVariant variant;

    public VariantFs(ProbeVariant variant) {
        if (variant == ProbeVariant.STOCK) {
            throw new IllegalArgumentException("STOCK is JGit's own FS.DETECTED, not a variant");
        }
        this.variant = variant;
    }

    private VariantFs(VariantFs src) {
        super(src);
        this.variant = src.variant;
    }

    @Override
    public FS newInstance() {
        return new VariantFs(this);
    }

    @Override
    public boolean exists(File path) {
        return variant.exists(path);
    }

    /** The FS a repository of this variant is opened with: JGit's detected one for STOCK. */
    public static FS of(ProbeVariant variant) {
        return variant == ProbeVariant.STOCK ? FS.DETECTED : new VariantFs(variant);
    }
}
