package jab.harness.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;


import jab.harness.ConsoleWidth;
import jab.harness.Jab;
import jab.harness.JabRunner;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;
import jab.harness.trace.SyscallCount;

/** {@code jab run process} end to end, in process, and what must not happen (unknown mechanism, leftovers). */
class ProcessRunTest {

    @Test
    void anUnknownLaunchMechanismIsAUsageErrorBeforeAnyFork(@TempDir Path out) throws Exception {
        long before = ProcessHandle.current().descendants().count();
        int rc = Jab.execute("run", "process", "-p", "launchMechanism=POSIX_SPAWN,BOGUS", "--profile", "smoke", "--out", out.toString());
        assertThat(rc).isEqualTo(2);
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.count()).as("no run directory").isZero();
        }
        assertThat(ProcessHandle.current().descendants().count()).isEqualTo(before);
    }

    @Test
    void smokeOnEveryJdk(@TempDir Path out) throws Exception {
        assumeTrue(SyscallCount.strace().isPresent(), "strace not installed");
        // On a machine shared with other JMH users /tmp/jmh.lock is often held; the run still works.
        System.setProperty("jmh.ignoreLock", "true");
        JabRunner jab = JabRunner.run("run", "process", "--profile", "smoke", "--jdk", "all", "--out", out.toString());
        assertThat(jab.exitCode).as(jab.out + jab.err).isZero();
        ConsoleWidth.assertFits(jab.out);
        Path dir;
        try (Stream<Path> s = Files.list(out)) {
            dir = s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        RunResults run = RunResults.read(dir);
        assertThat(run.jdkIds()).hasSizeGreaterThanOrEqualTo(2);
        for (String jdk : run.jdkIds()) {
            List<BenchResult> rs = run.jmh(jdk);
            Set<String> launchers = rs.stream().map(r -> r.param("launcher")).filter(x -> x != null).collect(Collectors.toSet());
            assertThat(launchers).as("JDK " + jdk).containsExactlyInAnyOrder("PROCESS_BUILDER", "RUNTIME_EXEC", "ZT_EXEC", "NUPROCESS", "COMMONS_EXEC");
            Set<String> scenarios = rs.stream().filter(r -> r.benchmark().startsWith(ProcessSection.LAUNCH)).map(BenchResult::method)
                    .collect(Collectors.toSet());
            assertThat(scenarios).containsExactlyInAnyOrder("existing", "missing", "randomExisting", "randomMissing");
            assertThat(rs).allSatisfy(r -> assertThat(r.score()).isPositive());
            assertThat(rs.stream().filter(r -> r.benchmark().startsWith(ProcessSection.HEAP)).count()).isEqualTo(4);
            // NuProcess is timed as a launch (to onExit), not as its 250 ms exit poll: comparable with ProcessBuilder's
            double nu = existingVfork(rs, "NUPROCESS");
            double pb = existingVfork(rs, "PROCESS_BUILDER");
            assertThat(nu).as("JDK " + jdk + ": NuProcess existing (VFORK) against ProcessBuilder's " + pb).isLessThanOrEqualTo(3 * pb);
            String feature = ProcessPairing.jdkFeature(jdk);
            assertThat(run.baselines().stream().map(BenchResult::benchmark)).as("FORK floors from a parent the JVM fork's size")
                    .contains(ProcessFloor.name("fork.jdk" + feature + "-launch", "existing"),
                            ProcessFloor.name("fork.jdk" + feature + "-heap256", "existing"));
        }
        Set<String> natives = run.baselines().stream().map(BenchResult::benchmark).collect(Collectors.toSet());
        assertThat(natives).contains(ProcessFloor.name(ProcessFloor.HELPER, "existing"), ProcessFloor.name(ProcessFloor.HELPER, "missing"),
                ProcessFloor.name("vfork", "existing"), ProcessFloor.name("vfork", "missing"), ProcessFloor.name("vfork", "randomExisting"),
                ProcessFloor.name(ProcessFloor.SPAWNP, "missing"));
        // whole-JVM wall times are timings, not native floors
        assertThat(run.timings().stream().map(BenchResult::benchmark)).contains(WholeJvmTiming.LAUNCH, WholeJvmTiming.EMPTY);
        LaunchDocument launch = run.document(LaunchDocument.NAME, LaunchDocument.class).orElseThrow();
        for (String jdk : run.jdkIds()) {
            assertThat(launch.traces().get(jdk)).as("strace records for JDK " + jdk).hasSize(4);
        }
        String summary = Files.readString(dir.resolve("summary.md"), StandardCharsets.UTF_8);
        assertThat(summary).contains("## process").contains("| ProcessBuilder | POSIX_SPAWN | `posix_spawn_helper` (2 execs) |")
                .contains("jspawnhelper").contains("execve (fails)")
                .contains("Whole JVM");
        for (String jdk : run.jdkIds()) {
            // the C floors in a table of their own, no C time in a JVM row, no ratio or difference drawn against them
            assertThat(summary).contains(" JDK " + jdk + " |").doesNotContain(" JDK " + jdk + " mechanism cost (C) |")
                    .doesNotContain(" JDK " + jdk + "/floor |").doesNotContain(" JDK " + jdk + " JVM cost |");
        }
        assertThat(summary).contains("| C floor (a process of its own) | us/op |").contains("| `posix_spawn_helper` (2 execs) | ")
                .doesNotContain("| C (native floor) |");
        assertThat(ProcessLeftovers.childrenOfThisJvm()).as("JMH forks, children, jspawnhelper").isEmpty();
        assertThat(ProcessLeftovers.matching("hello_child")).isEmpty();
    }

    private static double existingVfork(List<BenchResult> rs, String launcher) {
        return rs.stream().filter(r -> r.benchmark().equals(ProcessSection.LAUNCH + "existing") && launcher.equals(r.param("launcher"))
                && "VFORK".equals(r.param("launchMechanism"))).findFirst().orElseThrow(() -> new AssertionError("no " + launcher
                + " existing VFORK result")).score();
    }
}
