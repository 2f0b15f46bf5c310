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

    private static final String FS_TRACER = "jab/harness/fs/FsTracer.class";

    @Test
    void theSameSourcesRebuiltHashTheSameAndAChangedClassDoesNot() throws IOException {
        Path lib = Files.writeString(tmp.resolve("jgit-7.8.1.jar"), "a library");
        Path nativeDir = Files.createDirectories(tmp.resolve("native"));
        Files.writeString(nativeDir.resolve("fs_baseline.c"), "int main(void) { return 0; }");

        String built = fs(jar("jab-harness.jar", FS_TRACER, "class v1", 1_000), lib, nativeDir);
        String rebuilt = fs(jar("jab-harness.jar", FS_TRACER, "class v1", 2_000_000), lib, nativeDir);
        assertThat(rebuilt).as("only the timestamps differ").isEqualTo(built);

        assertThat(fs(jar("jab-harness.jar", FS_TRACER, "class v2", 1_000), lib, nativeDir)).isNotEqualTo(built);
        Files.writeString(nativeDir.resolve("fs_baseline.c"), "int main(void) { return 1; }");
        assertThat(fs(jar("jab-harness.jar", FS_TRACER, "class v1", 1_000), lib, nativeDir))
                .as("a C floor's source changed").isNotEqualTo(built);
    }

    @Test
    void onlyTheHarnessCodeAFamilysTracesDependOnCounts() throws IOException {
        Path nativeDir = Files.createDirectories(tmp.resolve("native"));
        Path benchmarks = jar("jab-benchmarks.jar", "jab/bench/fs/ExistenceCheckLoop.class", "loop v1", 1_000);
        String before = fs(jar("jab-harness.jar", "jab/harness/report/Report.class", "report v1", 1_000), benchmarks, nativeDir);

        assertThat(fs(jar("jab-harness.jar", "jab/harness/report/Report.class", "report v2", 1_000), benchmarks, nativeDir))
                .as("how jab reports is not what fs traces").isEqualTo(before);
        assertThat(fs(jar("jab-harness.jar", "jab/harness/Jab.class", "commands v2", 1_000), benchmarks, nativeDir))
                .as("nor its command line").isEqualTo(before);
        assertThat(fs(jar("jab-harness.jar", "jab/harness/trace/SyscallCount.class", "count v2", 1_000), benchmarks, nativeDir))
                .as("how strace's counts are read").isNotEqualTo(before);
        assertThat(fs(jar("jab-benchmarks.jar", "jab/bench/fs/ExistenceCheckLoop.class", "loop v2", 1_000),
                jar("jab-harness.jar", "jab/harness/report/Report.class", "report v1", 1_000), nativeDir))
                .as("the traced program").isNotEqualTo(before);

        Path kvChanged = jar("jab-harness.jar", "jab/harness/kv/ServerSyscalls.class", "kv v2", 1_000);
        assertThat(fs(kvChanged, benchmarks, nativeDir)).as("kv's tracing is not fs's").isEqualTo(before);
        assertThat(JabBuild.hash(List.of(kvChanged, benchmarks), nativeDir, JabBuild.tracedBy("kv")))
                .isNotEqualTo(JabBuild.hash(List.of(jar("jab-harness.jar", "jab/harness/report/Report.class", "report v1", 1_000),
                        benchmarks), nativeDir, JabBuild.tracedBy("kv")));
    }

    @Test
    void aClassFolderCountsAsAJarDoes() throws IOException {
        Path nativeDir = Files.createDirectories(tmp.resolve("native"));
        Path classes = Files.createDirectories(tmp.resolve("classes/jab/harness/report"));
        Files.writeString(classes.resolve("Report.class"), "report v1");
        Path root = tmp.resolve("classes");
        String before = JabBuild.hash(List.of(root), nativeDir, JabBuild.tracedBy("fs"));
        Files.writeString(classes.resolve("Report.class"), "report v2");
        assertThat(JabBuild.hash(List.of(root), nativeDir, JabBuild.tracedBy("fs"))).isEqualTo(before);
        Path fs = Files.createDirectories(root.resolve("jab/harness/fs"));
        Files.writeString(fs.resolve("FsTracer.class"), "tracer v1");
        assertThat(JabBuild.hash(List.of(root), nativeDir, JabBuild.tracedBy("fs"))).isNotEqualTo(before);
    }

    private static String fs(Path harness, Path other, Path nativeDir) {
        return JabBuild.hash(List.of(harness, other), nativeDir, JabBuild.tracedBy("fs"));
    }

    /** A jar of one class and Maven's pom.properties with the build time in it, as Maven writes them. */
    private Path jar(String name, String entry, String classBytes, long millis) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("build-" + millis + "-" + (entry + classBytes).hashCode()));
        Path jar = dir.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            put(out, entry, classBytes, millis);
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
