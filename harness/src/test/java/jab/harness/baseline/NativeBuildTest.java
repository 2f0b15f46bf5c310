package jab.harness.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeBuildTest {
    @TempDir
    Path tmp;

    @Test
    void windowsSkipsTheBaselineWithAReasonInsteadOfBuilding() throws Exception {
        Files.writeString(tmp.resolve("hello.c"), "int main(void) { return 0; }\n");
        NativeBuild windows = new NativeBuild(tmp, "Windows Server 2022");
        assertThat(windows.program("hello")).isEmpty();
        assertThat(windows.reason()).contains("not built on Windows");
        assertThat(tmp.resolve("build")).doesNotExist();
    }

    @Test
    void aMissingSourceIsAReasonNotACrash() {
        NativeBuild linux = new NativeBuild(tmp, "Linux");
        assertThat(linux.program("absent")).isEmpty();
        assertThat(linux.reason()).contains("not found");
    }
}
