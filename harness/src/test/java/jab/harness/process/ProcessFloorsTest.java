package jab.harness.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.baseline.NativeBuild;
import jab.harness.family.JmhSettings;
import jab.harness.results.NativeResult;
import jab.harness.trace.SyscallCount;
import jab.harness.trace.TraceCache;

/** The C floors really run: every mechanism's start and failure, the two-exec helper, FORK from a large parent. */
class ProcessFloorsTest {
    private static final JmhSettings SHORT = JmhSettings.of(1, 0, "30ms", 2, "30ms");

    @Test
    void everyFloorLaunchesAsItsPathExpects() throws Exception {
        NativeBuild build = new NativeBuild();
        Optional<ProcessNativeBaseline.Programs> programs = ProcessNativeBaseline.Programs.of(build);
        assumeTrue(programs.isPresent(), "no C compiler: " + build.reason());
        ProcessChild child = ProcessChild.resolve(build);
        List<String> notes = new ArrayList<>();
        // the C program exits 1 when a launch does not behave as its path says (a missing name that
        // starts, a child that exits non-zero), so a figure for each floor is the proof it ran
        List<NativeResult> floors = ProcessNativeBaseline.measure(build, SHORT, child, 1, (m, s) -> true, notes);
        assertThat(notes).isEmpty();
        List<String> names = floors.stream().map(NativeResult::benchmark).toList();
        for (ProcessFloor f : ProcessFloor.BEFORE_JMH) {
            assertThat(names).contains(f.name());
        }
        assertThat(floors).allSatisfy(f -> assertThat(f.score()).isPositive());
        NativeResult fork = ProcessNativeBaseline.forkFloor(programs.get(), SHORT, child,
                new ParentMemoryRecords.Parent("17", "ParentHeapBenchmark", 64, 96), "existing");
        assertThat(fork.benchmark()).isEqualTo(ProcessFloor.name("fork.jdk17-heap64", "existing"));
        assertThat(fork.params()).containsEntry("launchMechanism", "FORK").doesNotContainKey(ProcessFloor.PARENT_RESIDENT);
        assertThat(fork.secondary()).containsEntry(ProcessFloor.PARENT_RESIDENT, new NativeResult.Secondary(96, "MiB"));
        assertThat(fork.score()).isPositive();
    }

    @Test
    void posixSpawnpFailureIsExplainedByAnExecvePerPathEntry(@TempDir Path work) throws Exception {
        Optional<Path> strace = SyscallCount.strace();
        assumeTrue(strace.isPresent(), "strace not installed");
        NativeBuild build = new NativeBuild();
        Optional<ProcessNativeBaseline.Programs> programs = ProcessNativeBaseline.Programs.of(build);
        assumeTrue(programs.isPresent(), "no C compiler: " + build.reason());
        List<String> lines = FailureTrace.explain(strace.get(), programs.get(), ProcessChild.resolve(build), work,
                TraceCache.off("process"));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).contains(ProcessFloor.name(ProcessFloor.SPAWNP, "missing")).containsPattern("\\d+ execve \\(fails\\)");
        assertThat(lines.get(1)).contains(ProcessFloor.name("vfork", "missing")).containsPattern("\\d+ execve \\(fails\\)");
    }
}
