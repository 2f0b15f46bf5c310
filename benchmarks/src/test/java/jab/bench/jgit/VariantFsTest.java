package jab.bench.jgit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import org.eclipse.jgit.util.FS;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each variant's FS answers as its Java call does, where the calls differ: a broken symlink. */
class VariantFsTest {
    @TempDir
    Path dir;

    @Test
    void eachVariantAnswersLikeItsApiOnAMissingFileAnExistingFileAndABrokenSymlink() throws IOException {
        File missing = dir.resolve("missing").toFile();
        File existing = Files.write(dir.resolve("existing"), new byte[] {1}).toFile();
        File broken = Files.createSymbolicLink(dir.resolve("broken"), dir.resolve("gone")).toFile();
        for (File f : new File[] {missing, existing, broken}) {
            assertThat(new VariantFs(ProbeVariant.FILE_EXISTS).exists(f)).as(f.getName()).isEqualTo(f.exists());
            assertThat(new VariantFs(ProbeVariant.FILES_EXISTS).exists(f)).as(f.getName()).isEqualTo(Files.exists(f.toPath()));
            assertThat(new VariantFs(ProbeVariant.FILES_EXISTS_NOFOLLOW).exists(f)).as(f.getName())
                    .isEqualTo(Files.exists(f.toPath(), LinkOption.NOFOLLOW_LINKS));
        }
        // the difference seed 002 asked about, stated outright so the comparison above cannot pass vacuously
        assertThat(new VariantFs(ProbeVariant.FILE_EXISTS).exists(broken)).isFalse();
        assertThat(new VariantFs(ProbeVariant.FILES_EXISTS).exists(broken)).isFalse();
        assertThat(new VariantFs(ProbeVariant.FILES_EXISTS_NOFOLLOW).exists(broken)).isTrue();
        assertThat(FS.DETECTED.exists(broken)).as("JGit's own FS.exists is NOFOLLOW").isTrue();
        assertThat(new VariantFs(ProbeVariant.FILE_EXISTS).exists(existing)).isTrue();
        assertThat(new VariantFs(ProbeVariant.FILES_EXISTS_NOFOLLOW).exists(missing)).isFalse();
    }

    @Test
    void aCopyOfTheFsKeepsItsVariantAndStockIsJgitsOwn() throws IOException {
        File broken = Files.createSymbolicLink(dir.resolve("broken"), dir.resolve("gone")).toFile();
        assertThat(new VariantFs(ProbeVariant.FILE_EXISTS).newInstance().exists(broken)).isFalse();
        assertThat(VariantFs.of(ProbeVariant.STOCK)).isSameAs(FS.DETECTED);
    }
}
