package jab.harness.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.bench.fs.ExistenceCheck;
import jab.bench.fs.FsSemantics;
import jab.harness.JabRunner;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;

/** What the APIs answer, on every JDK found: the facts the fs tables rest on. */
class FsSemanticsTest {
    @TempDir
    Path work;

    @Test
    void brokenSymlinkSemanticsOnEveryJdk() throws Exception {
        for (Jdk jdk : JdkSelector.select("all", new JdkDiscovery())) {
            Map<String, Map<String, String>> a = FsSemanticsRunner.probe(jdk, work);
            Map<String, String> broken = a.get(FsSemantics.Case.BROKEN_SYMLINK.name());
            String on = "JDK " + jdk.version();
            assertThat(broken.get(ExistenceCheck.FILE_EXISTS.name())).as(on).isEqualTo("false");
            assertThat(broken.get(ExistenceCheck.FILES_EXISTS.name())).as(on).isEqualTo("false");
            assertThat(broken.get(ExistenceCheck.FILES_EXISTS_NOFOLLOW.name())).as(on).isEqualTo("true");
            assertThat(broken.get(ExistenceCheck.FILES_NOT_EXISTS.name())).as(on).isEqualTo("true");

            Map<String, String> dir = a.get(FsSemantics.Case.DIRECTORY.name());
            assertThat(dir.get(ExistenceCheck.FILE_EXISTS.name())).as(on).isEqualTo("true");
            assertThat(dir.get(ExistenceCheck.FILE_IS_FILE.name())).as(on).isEqualTo("false");
            assertThat(dir.get(ExistenceCheck.FILES_IS_REGULAR_FILE.name())).as(on).isEqualTo("false");

            Map<String, String> link = a.get(FsSemantics.Case.SYMLINK_TO_FILE.name());
            assertThat(link.values()).as(on).containsOnly("true", "false");
            assertThat(link.get(ExistenceCheck.FILE_EXISTS.name())).as(on).isEqualTo("true");

            Map<String, String> loop = a.get(FsSemantics.Case.SYMLINK_LOOP.name());
            assertThat(loop.get(ExistenceCheck.FILES_EXISTS.name())).as(on).isEqualTo("false");
            assertThat(loop.get(ExistenceCheck.FILES_EXISTS_NOFOLLOW.name())).as(on).isEqualTo("true");

            Map<String, String> missing = a.get(FsSemantics.Case.MISSING.name());
            assertThat(missing.get(ExistenceCheck.FILES_READ_ATTRIBUTES.name())).as(on).isEqualTo("false");
            assertThat(missing.get(ExistenceCheck.FILES_NOT_EXISTS.name())).as(on).isEqualTo("true");

            Map<String, String> enotdir = a.get(FsSemantics.Case.UNDER_REGULAR_FILE.name());
            assertThat(enotdir.get(ExistenceCheck.FILE_EXISTS.name())).as(on).isEqualTo("false");
            assertThat(enotdir.get(ExistenceCheck.FILES_EXISTS.name())).as(on).isEqualTo("false");
        }
        assertThat(work.toFile().list()).as("probe directories removed").isEmpty();
    }

    @Test
    void semanticsCommandPrintsATablePerJdk() {
        JabRunner r = JabRunner.run("semantics", "fs", "--jdk", "all", "--dir", work.toString());
        assertThat(r.exitCode).isZero();
        assertThat(r.out).contains("broken symlink").contains("`Files.exists(p, NOFOLLOW_LINKS)`").contains("symlink loop");
        assertThat(JabRunner.run("semantics", "kv").exitCode).isEqualTo(2);
    }
}
