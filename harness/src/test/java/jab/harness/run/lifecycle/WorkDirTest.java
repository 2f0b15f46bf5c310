package jab.harness.run.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Work folders of killed runs are removed by the next run; a live run's folder and anything else stay. */
class WorkDirTest {
    @TempDir
    Path dir;

    @Test
    void aFolderWhoseRunNoLongerRunsIsRemovedTheRestStays() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        long deadPid = gone.pid();
        Path killed = Files.createDirectories(dir.resolve("jab-work-" + deadPid + "-1795843881900").resolve("interleaved"));
        Files.writeString(killed.resolveSibling("kv-workload.txt"), "SET k v");
        Path live = Files.createDirectories(WorkDir.under(dir));
        Path aFile = Files.writeString(dir.resolve("jab-work-" + deadPid + "-1"), "not a folder");
        Path other = Files.createDirectories(dir.resolve("jab-work-notes"));

        assertThat(WorkDir.removeLeftBehind(dir)).containsExactly(killed.getParent());

        assertThat(killed.getParent()).doesNotExist();
        assertThat(live).isDirectory();
        assertThat(aFile).exists();
        assertThat(other).isDirectory();
    }

    @Test
    void aFolderThatCannotBeListedRemovesNothing() {
        assertThat(WorkDir.removeLeftBehind(dir.resolve("absent"))).isEmpty();
    }
}
