package jab.harness.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.bench.fs.ExistenceCheck;
import jab.bench.fs.ExistenceCheckLoop;
import jab.bench.fs.FsFixture;
import jab.harness.JabRunner;
import jab.harness.baseline.NativeBuild;
import jab.harness.jdk.ForkClasspath;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.trace.PathSyscalls;
import jab.harness.trace.SyscallCount;
import jab.harness.trace.TraceCache;

/** jab verify fs's machinery on JDK 17 and 25, under real strace, in real JVMs. */
class FsVerifyTest {
    /** The stat family as Linux names it on the architectures jab runs on; the trace picks one. */
    static final List<String> STAT_LIKE = List.of("stat", "lstat", "newfstatat", "fstatat64", "statx", "lstat64", "stat64");

    @TempDir
    Path work;

    @Test
    void tracesAccessForFilesExistsAndTheTracedStatCallForNofollowOnJdk17And25() throws Exception {
        assumeTrue(SyscallCount.strace().isPresent(), SyscallCount.NO_STRACE);
        Path strace = SyscallCount.strace().get();
        List<Jdk> jdks = JdkSelector.select("17,25", new JdkDiscovery());
        List<String> lines = new ArrayList<>();
        FsSyscallsDocument doc = FsSyscallsSurvey.run(strace, jdks,
                List.of(ExistenceCheck.FILES_EXISTS, ExistenceCheck.FILES_EXISTS_NOFOLLOW), new NativeBuild(), work,
                TraceCache.off("fs"), (t, soFar) -> lines.add(FsTraceWords.line(t, soFar)), lines::add);
        assertThat(doc.notes()).as(String.join("\n", lines)).isEmpty();
        for (Jdk jdk : jdks) {
            FsSyscallsDocument.Trace exists = trace(doc, jdk, ExistenceCheck.FILES_EXISTS, "missingFile");
            assertThat(exists.syscalls()).as(String.join("\n", lines)).hasSize(1);
            assertThat(exists.syscalls().get(0).syscall()).isEqualTo("access");
            assertThat(exists.syscalls().get(0).errors()).isBetween(0.9, 1.1);
            assertThat(FsTraceWords.line(exists, doc)).contains("1 access (fails)").contains("floor: C access");

            FsSyscallsDocument.Trace nofollow = trace(doc, jdk, ExistenceCheck.FILES_EXISTS_NOFOLLOW, "missingFile");
            assertThat(nofollow.syscalls()).as(String.join("\n", lines)).hasSize(1);
            String traced = nofollow.syscalls().get(0).syscall();
            assertThat(traced).isIn(STAT_LIKE);
            // What the survey names is what a separate trace of the same probe sees on the path, not a constant.
            assertThat(traced).isEqualTo(independentlyTraced(strace, jdk, ExistenceCheck.FILES_EXISTS_NOFOLLOW));
            assertThat(nofollow.onPath()).singleElement().satisfies(p -> assertThat(p.noFollow()).isTrue());
            assertThat(FsTraceWords.line(nofollow, doc)).contains("1 " + traced + " (fails)");
            // Its floor, if any, is a C call traced making the very same syscall.
            Optional<String> floor = FsPairing.partner(doc, jdk.id(), nofollow.check(), "missingFile");
            floor.ifPresent(call -> assertThat(doc.traces()).anySatisfy(c -> {
                assertThat(c.fromC() && c.check().equals(call) && c.scenario().equals("missingFile")).isTrue();
                assertThat(c.syscalls().get(0).syscall()).isEqualTo(traced);
            }));
        }
    }

    @Test
    void badJdkIsBadInput() {
        JabRunner r = JabRunner.run("verify", "fs", "--jdk", "no-such-jdk");
        assertThat(r.exitCode).as(r.err).isEqualTo(2);
    }

    private static FsSyscallsDocument.Trace trace(FsSyscallsDocument doc, Jdk jdk, ExistenceCheck api, String scenario) {
        return doc.traces().stream().filter(t -> t.jdk().equals(jdk.id()) && t.check().equals(api.name())
                && t.scenario().equals(scenario)).findFirst().orElseThrow(() -> new AssertionError("no trace of " + api
                + " on JDK " + jdk.id()));
    }

    /** The syscall the probe makes most on the missing path, from strace -P alone. */
    private String independentlyTraced(Path strace, Jdk jdk, ExistenceCheck api) throws Exception {
        try (FsFixture fx = FsFixture.create(work, 1)) {
            PathSyscalls.Traced t = PathSyscalls.of(strace, List.of(jdk.java().toString(), "-cp", ForkClasspath.get(),
                    ExistenceCheckLoop.class.getName(), api.name(), fx.missing.toString(), "100"), fx.missing, work,
                    Duration.ofSeconds(120));
            t.result().requireSuccess();
            return t.calls().stream().collect(java.util.stream.Collectors.groupingBy(PathSyscalls.Call::syscall,
                    java.util.stream.Collectors.counting())).entrySet().stream().max(java.util.Map.Entry.comparingByValue())
                    .orElseThrow().getKey();
        }
    }
}
