package jab.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.bench.fs.ExistenceCheck;
import jab.bench.mmap.WriteStrategy;
import jab.bench.process.ProcessLauncher;
import jab.harness.JabRunner;
import jab.harness.compare.Fixtures;
import jab.harness.jdk.JdkDiscovery;

/** Every refusal of bad input: exit 2, a message that helps, and no run directory made. */
class CliErrorsTest {
    @TempDir
    Path out;

    @TempDir
    Path dir;

    @Test
    void unknownFamilyListsTheFamilies() {
        JabRunner r = JabRunner.run("run", "nosuchfamily", "--profile", "smoke", "--out", out.toString());
        assertThat(r.exitCode).isEqualTo(2);
        // the tests' own family (jab.harness.toy) comes first on the test class path
        assertThat(r.err).contains("unknown family or benchmark 'nosuchfamily'").contains("families: ").contains("fs, process, mmap, kv");
        assertNothingWritten();
    }

    @Test
    void missingJdkListsTheJdksFound() {
        JabRunner r = JabRunner.run("run", "fs", "--jdk", "8", "--profile", "smoke", "--out", out.toString());
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("no JDK matches --jdk 8").contains("JDKs found").contains(JdkDiscovery.current().home().toString());
        assertNothingWritten();
    }

    @Test
    void missingDirIsRefused() {
        JabRunner r = JabRunner.run("run", "fs", "--dir", "/nonexistent/jab-dir", "--profile", "smoke", "--out", out.toString());
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("--dir /nonexistent/jab-dir does not exist");
        assertNothingWritten();
    }

    @Test
    void unwritableDirIsRefused() throws Exception {
        Path ro = Files.createDirectory(out.resolve("ro"));
        ro.toFile().setWritable(false);
        try {
            JabRunner r = JabRunner.run("run", "fs", "--dir", ro.toString(), "--profile", "smoke", "--out", out.resolve("res").toString());
            // root may write anywhere: then the directory is simply usable and the check does not apply
            if (!Files.isWritable(ro)) {
                assertThat(r.exitCode).isEqualTo(2);
                assertThat(r.err).contains("is not writable");
            }
        } finally {
            ro.toFile().setWritable(true);
        }
    }

    @Test
    void malformedParamIsNamed() {
        JabRunner r = JabRunner.run("run", "fs", "-p", "files", "--profile", "smoke", "--out", out.toString());
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("malformed -p 'files'");
        r = JabRunner.run("run", "fs", "-p", "files=", "--profile", "smoke", "--out", out.toString());
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("malformed -p 'files='");
    }

    @Test
    void unknownParamListsTheKnownOnes() {
        JabRunner r = JabRunner.run("run", "fs", "-p", "bogus=1", "--profile", "smoke", "--out", out.toString());
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("unknown param -p bogus").contains("api").contains("files");
    }

    @Test
    void badParamValueIsRefusedByTheFamily() {
        JabRunner r = JabRunner.run("run", "fs", "-p", "files=0", "--profile", "smoke", "--out", out.toString());
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("files=0");
    }

    @Test
    void unknownProfileListsTheProfiles() {
        JabRunner r = JabRunner.run("run", "fs", "--profile", "fast", "--out", out.toString());
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("smoke, default, thorough");
    }

    @Test
    void unknownOptionIsAUsageError() {
        JabRunner r = JabRunner.run("run", "--frobnicate");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("--frobnicate");
    }

    @Test
    void helpExplainsEveryCommand() {
        JabRunner r = JabRunner.run("--help");
        assertThat(r.exitCode).isZero();
        assertThat(r.out).contains("list", "jdks", "env", "run", "semantics");
        JabRunner run = JabRunner.run("run", "--help");
        assertThat(run.out).contains("--profile", "--jdk", "--jvm-args", "--dir", "--out", "--verbose", "Examples");
    }

    @Test
    void listShowsTheFsBenchmarksWithParams() {
        JabRunner r = JabRunner.run("list", "fs");
        assertThat(r.exitCode).isZero();
        assertThat(r.out).contains("fs: ").contains("FileExistsBenchmark.missingFile").contains("api=FILE_EXISTS");
        assertThat(JabRunner.run("list", "FileExists.*random").out).doesNotContain("existingFile ").contains("randomMissingFiles");
    }

    @Test
    void anUnknownParamValueIsRefusedBeforeWorkInEveryFamily() {
        // enum params: the benchmark's enum lists the values; kv's impl is a text its family reads
        Map<String, String> given = new LinkedHashMap<>();
        given.put("fs", "api=NO_SUCH_API");
        given.put("process", "launcher=NO_SUCH_LAUNCHER");
        given.put("mmap", "strategy=NO_SUCH_STRATEGY");
        given.put("kv", "impl=NO_SUCH_IMPL");
        Map<String, String> listed = Map.of("fs", constants(ExistenceCheck.class), "process", constants(ProcessLauncher.class),
                "mmap", constants(WriteStrategy.class), "kv", "CONCURRENT_HASH_MAP or STORE_<n>");
        given.forEach((family, param) -> {
            JabRunner r = JabRunner.run("run", family, "--profile", "smoke", "-p", param, "--dir", dir.toString(), "--out", out.toString());
            assertThat(r.exitCode).as(family + ": " + r.err).isEqualTo(2);
            assertThat(r.err).contains(param.substring(param.indexOf('=') + 1)).contains(listed.get(family)).doesNotContain("Exception");
            assertThat(r.out).as("nothing ran").doesNotContain("jab run:");
        });
        assertNothingWritten();
        assertThat(dir.toFile().list()).as("no work folder in --dir").isEmpty();
    }

    @Test
    void aJdkOlderThanTheBenchmarksIsRefused() throws Exception {
        // as JDK 8 describes itself: a release file, and a java that prints its version and no runtime version
        Path jdk8 = Files.createDirectories(dir.resolve("jdk8"));
        Files.createDirectories(jdk8.resolve("bin"));
        Files.writeString(jdk8.resolve("release"), "JAVA_VERSION=\"1.8.0_392\"\nIMPLEMENTOR=\"Fake\"\n");
        Path java = Files.writeString(jdk8.resolve("bin/java"), "#!/bin/sh\necho 'openjdk version \"1.8.0_392\"' >&2\n"
                + "echo '    java.specification.version = 1.8' >&2\nexit 0\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        JabRunner r = JabRunner.run("run", "fs", "--profile", "smoke", "--jdk", jdk8.toString(), "--out", out.toString());
        assertThat(r.exitCode).as(r.err).isEqualTo(2);
        assertThat(r.err).contains("JDK 1.8.0_392").contains("too old").contains("need JDK 11 or newer")
                .contains(JdkDiscovery.current().home().toString());
        assertNothingWritten();
    }

    @Test
    void outAtARegularFileIsRefusedByRunReportAndMerge() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Path run = Fixtures.run("linux-run");
        for (String[] args : List.of(new String[] {"run", "fs", "--profile", "smoke", "--out", file.toString()},
                new String[] {"report", run.toString(), "--out", file.toString()},
                new String[] {"merge", run.toString(), "--out", file.toString()})) {
            JabRunner r = JabRunner.run(args);
            assertThat(r.exitCode).as(args[0] + ": " + r.err).isEqualTo(2);
            assertThat(r.err).contains("--out " + file + " is a file, not a directory").doesNotContain("Exception");
        }
        JabRunner under = JabRunner.run("report", run.toString(), "--out", file.resolve("sub").toString());
        assertThat(under.exitCode).isEqualTo(2);
        assertThat(under.err).contains("--out " + file.resolve("sub") + " cannot be created: Not a directory");
        assertThat(file).hasContent("x");
    }

    @Test
    void outWhereNobodyMayWriteIsRefused() {
        Path proc = Path.of("/proc"); // read-only even for root, unlike a chmod-ed directory
        assumeTrue(Files.isDirectory(proc), "a Linux /proc");
        for (String[] args : List.of(new String[] {"run", "fs", "--profile", "smoke", "--out", proc.toString()},
                new String[] {"report", Fixtures.run("linux-run").toString(), "--out", proc.toString()})) {
            JabRunner r = JabRunner.run(args);
            assertThat(r.exitCode).as(args[0] + ": " + r.err).isEqualTo(2);
            assertThat(r.err).contains("--out /proc is not writable");
        }
    }

    @Test
    void aHistogramEntryWithoutItsCountIsRefusedByCompareReportAndMerge() throws Exception {
        Path bad = Files.writeString(dir.resolve("hist.json"), "[{\"benchmark\": \"x.Y.z\", \"mode\": \"sample\", \"params\": {},"
                + " \"primaryMetric\": {\"score\": 1.0, \"scoreError\": 0.1, \"scoreUnit\": \"us/op\", \"rawDataHistogram\": [[[[1.0]]]]}}]");
        for (String[] args : List.of(new String[] {"compare", bad.toString(), bad.toString()},
                new String[] {"report", bad.toString(), "--out", out.toString()},
                new String[] {"merge", bad.toString(), "--out", out.toString()})) {
            JabRunner r = JabRunner.run(args);
            assertThat(r.exitCode).as(args[0] + ": " + r.err).isEqualTo(2);
            assertThat(r.err).contains(bad + " is not JMH JSON: benchmark x.Y.z: rawDataHistogram[0][0][0]")
                    .contains("[value, count]").doesNotContain("Exception");
        }
        assertNothingWritten();
    }

    private static String constants(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).map(Enum::name).collect(Collectors.joining(", "));
    }

    private void assertNothingWritten() {
        assertThat(out.toFile().list()).isEmpty();
    }
}
