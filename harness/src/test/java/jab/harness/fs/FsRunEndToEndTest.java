package jab.harness.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.bench.fs.ExistenceCheck;
import jab.harness.ConsoleWidth;
import jab.harness.JabRunner;
import jab.harness.family.Family;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;
import jab.harness.trace.SyscallCount;

/** {@code jab run fs --profile smoke --jdk all}, read back from disk. */
class FsRunEndToEndTest {
    @TempDir
    Path out;

    @TempDir
    Path dir;

    @Test
    void smokeRunOnEveryJdkWritesTheRunDirectory() throws Exception {
        List<Jdk> jdks = JdkSelector.select("all", new JdkDiscovery());
        JabRunner r = JabRunner.run("run", "fs", "--profile", "smoke", "--jdk", "all", "-p", "files=200",
                "--retrace", "--dir", dir.toString(), "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        ConsoleWidth.assertFits(r.out);
        Path run = r.resultsDir();
        assertThat(run.getParent()).isEqualTo(out.toAbsolutePath());
        assertThat(run.resolve("env.json")).isNotEmptyFile();
        assertThat(run.resolve("native.json")).isNotEmptyFile();
        assertThat(run.resolve("summary.md")).isNotEmptyFile();

        RunResults results = RunResults.read(run);
        assertThat(results.jdkIds()).containsExactlyInAnyOrderElementsOf(
                jdks.stream().map(Jdk::id).collect(Collectors.toList()));
        for (String id : results.jdkIds()) {
            List<BenchResult> rs = RunResults.filter(results.jmh(id), b -> b.benchmark().contains("FileExistsBenchmark"));
            List<BenchResult> ffm = RunResults.filter(results.jmh(id), b -> b.benchmark().contains("FfmFileCheckBenchmark"));
            assertThat(rs).hasSize(ExistenceCheck.values().length * 4);
            // The Foreign Function API baseline runs on JDK 22+ only, 2 calls x 4 scenarios.
            assertThat(ffm).hasSize(Integer.parseInt(id) >= 22 ? 8 : 0);
            assertThat(ffm).allSatisfy(b -> assertThat(b.score()).isFinite().isPositive());
            assertThat(rs).allSatisfy(b -> {
                assertThat(b.score()).isFinite().isPositive();
                assertThat(b.unit()).isEqualTo("us/op");
                assertThat(b.param("files")).isEqualTo("200");
                assertThat(b.jdkVersion()).startsWith(id);
                assertThat(b.jvmArgs()).as("the heap touched at start: the throwing checks allocate")
                        .contains(Family.TOUCH_HEAP_AT_START);
            });
            assertThat(rs).extracting(BenchResult::method).contains("existingFile", "missingFile", "randomExistingFiles", "randomMissingFiles");
        }
        // the C floors of the syscalls some check makes, each on the four scenarios: stat and access always
        // (the JNI floor's and the FFM calls' calls), the others as the traces pair them (with strace)
        Set<String> partners = results.document(FsSyscallsDocument.NAME, FsSyscallsDocument.class).stream()
                .flatMap(doc -> results.jdkIds().stream().flatMap(id -> results.jmh(id).stream().filter(b -> b.param("api") != null)
                        .flatMap(b -> FsPairing.partner(doc, id, b.param("api"), b.method()).stream()
                                .map(call -> FsNativeBaseline.name(call, b.method())))))
                .collect(Collectors.toSet());
        Set<String> calls = results.baselines().stream().map(b -> b.param("call")).collect(Collectors.toSet());
        assertThat(calls).contains("stat", "access").isSubsetOf(FsNativeBaseline.CALLS);
        assertThat(results.baselines()).hasSize(calls.size() * 4)
                .allSatisfy(b -> assertThat(b.score()).isFinite().isPositive())
                .allSatisfy(b -> assertThat(SyscallCount.strace().isEmpty() || partners.contains(b.benchmark())
                        || List.of("stat", "access").contains(b.param("call"))).as(b.benchmark() + " pairs with a result").isTrue());

        JsonNode env = new ObjectMapper().readTree(run.resolve("env.json").toFile());
        assertThat(env.path("run").path("status").asText()).isEqualTo("complete");
        assertThat(env.path("jvms").size()).isEqualTo(jdks.size());
        assertThat(env.path("storage").path("dir").asText()).isEqualTo(dir.toRealPath().toString());

        String summary = Files.readString(run.resolve("summary.md"));
        assertThat(summary).contains("# Test Date: ").contains("# VM version: JDK ").contains("| C stat |")
                .contains("| C lstat |").as("the C floors in a table of their own").contains("| C program (processes of their own) |")
                .doesNotContain("| native stat |").doesNotContain("JVM / its C floor").contains("broken symlink")
                .as("the gc profiler's allocation per check").contains("B/op");
        if (SyscallCount.strace().isPresent()) {
            // traced on every JDK: Files.exists(p) makes access(2) there
            assertThat(results.document(FsSyscallsDocument.NAME, FsSyscallsDocument.class)).isPresent();
            assertThat(summary).contains("1 access (fails)");
            // the traces (a JVM per API and scenario under strace, minutes) wait until every result has
            // its first forks (--retrace: made now, whatever an earlier run of this code kept)
            assertThat(r.out).contains("[1/").contains("fs: tracing the syscalls");
            assertThat(r.out.indexOf("fs: tracing the syscalls")).as(r.out).isGreaterThan(r.out.indexOf("[1/"));
        }
        // the console answers with compact tables; JMH's own (Cnt, Error) stay in the files
        assertThat(r.out).contains("Benchmark").contains("Score").contains("Units").contains("±95% (forks)").doesNotContain("Cnt");
        assertThat(dir.toFile().list()).as("benchmark files removed from --dir").isEmpty();
    }
}
