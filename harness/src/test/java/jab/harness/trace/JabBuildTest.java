package jab.harness.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JabBuildTest {
    @TempDir
    Path tmp;

    @Test
    void theSameSourcesRebuiltHashTheSameAndAChangedClassDoesNot() throws IOException {
        Path lib = Files.writeString(tmp.resolve("jgit-7.8.1.jar"), "a library");
        Path nativeDir = Files.createDirectories(tmp.resolve("native"));
        Files.writeString(nativeDir.resolve("fs_baseline.c"), "int main(void) { return 0; }");

        String built = JabBuild.hash(List.of(jar("jab-harness.jar", "class v1", 1_000), lib), nativeDir);
        String rebuilt = JabBuild.hash(List.of(jar("jab-harness.jar", "class v1", 2_000_000), lib), nativeDir);
        assertThat(rebuilt).as("only the timestamps differ").isEqualTo(built);

        assertThat(JabBuild.hash(List.of(jar("jab-harness.jar", "class v2", 1_000), lib), nativeDir)).isNotEqualTo(built);
        Files.writeString(nativeDir.resolve("fs_baseline.c"), "int main(void) { return 1; }");
        assertThat(JabBuild.hash(List.of(jar("jab-harness.jar", "class v1", 1_000), lib), nativeDir))
                .as("a C floor's source changed").isNotEqualTo(built);
    }

    /** A jar of one class and Maven's pom.properties with the build time in it, as Maven writes them. */
    private Path jar(String name, String classBytes, long millis) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("build-" + millis + "-" + classBytes.hashCode()));
        Path jar = dir.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            put(out, "jab/harness/Jab.class", classBytes, millis);
            put(out, "META-INF/maven/dev.jab/jab-harness/pom.properties", "#" + millis + "\nversion=0.1.0", millis);
        }
        return jar;
    }

    private static void put(JarOutputStream out, String name, String content, long millis) throws IOException {
        JarEntry e = new JarEntry(name);
        e.setLastModifiedTime(FileTime.fromMillis(millis));
        out.putNextEntry(e);
        out.write(content.getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
    }
}
