package jab.harness.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.baseline.NativeBuild;
import jab.harness.trace.SyscallCount;

/** strace's output reduced to what made the child, and the real thing on JDK 17 and 25. */
class LaunchTraceTest {

    @Test
    void parsesUnfinishedAndResumedCallsAndIgnoresThreads() {
        List<String> strace = List.of(
                "100 execve(\"/jdk/bin/java\", [\"java\"], 0x7ffd /* 39 vars */) = 0",
                "101 clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM, exit_signal=0}, 88) = 102",
                "101 --- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR, si_addr=NULL} ---",
                "101 clone3({flags=CLONE_VM|CLONE_VFORK, exit_signal=SIGCHLD, stack=0x7f, stack_size=0x9000}, 88 <unfinished ...>",
                "103 execve(\"/jdk/lib/jspawnhelper\", [\"/jdk/lib/jspawnhelper\", \"17\"], 0x7ffe /* 39 vars */ <unfinished ...>",
                "101 <... clone3 resumed> => {parent_tid=[0]}, 88) = 103",
                "103 <... execve resumed>) = 0",
                "103 execve(\"/tmp/hello_child\", [\"/tmp/hello_child\"], 0x7ffc /* 39 vars */) = 0",
                "103 +++ exited with 0 +++");
        LaunchTrace.Chain c = LaunchTrace.chain(LaunchTrace.parse(strace));
        assertThat(c.steps()).containsExactly("clone3(CLONE_VM|CLONE_VFORK)", "execve(/jdk/lib/jspawnhelper)", "execve(/tmp/hello_child)");
        assertThat(c.sharedMemory()).isTrue();
    }

    @Test
    void forkIsACloneWithoutCloneVm() {
        List<String> strace = List.of(
                "200 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD <unfinished ...>",
                "201 execve(\"/tmp/hello_child\", [\"/tmp/hello_child\"], 0x7ffe /* 39 vars */) = 0",
                "200 <... clone resumed>, child_tidptr=0x7faf) = 201");
        LaunchTrace.Chain c = LaunchTrace.chain(LaunchTrace.parse(strace));
        assertThat(c.steps()).containsExactly("clone(no CLONE_VM)", "execve(/tmp/hello_child)");
        assertThat(c.sharedMemory()).isFalse();
    }

    @Test
    void onThisMachinePosixSpawnRunsJspawnhelperAndForkDoesNotShareMemory(@TempDir Path work) throws Exception {
        Optional<Path> strace = SyscallCount.strace();
        assumeTrue(strace.isPresent(), "strace not installed");
        Optional<Path> child = new NativeBuild().program("hello_child");
        assumeTrue(child.isPresent(), "gcc needed for the C child");
        List<Jdk> jdks = new JdkDiscovery().discover().stream().filter(j -> j.feature() == 17 || j.feature() == 25).toList();
        assertThat(jdks).extracting(Jdk::feature).contains(17, 25);
        for (Jdk jdk : jdks) {
            LaunchTrace.Trace spawn = LaunchTrace.trace(strace.get(), jdk, "POSIX_SPAWN", child.get().toString(), work);
            assertThat(spawn.usesJspawnhelper()).as("JDK %s POSIX_SPAWN: %s", jdk.id(), spawn.line()).isTrue();
            assertThat(spawn.steps().get(0)).contains("CLONE_VM");
            assertThat(spawn.steps()).last().asString().endsWith("hello_child)");
            assertThat(spawn.effective()).isEqualTo("POSIX_SPAWN");

            LaunchTrace.Trace fork = LaunchTrace.trace(strace.get(), jdk, "FORK", child.get().toString(), work);
            assertThat(fork.sharedMemory()).as("JDK %s FORK: %s", jdk.id(), fork.line()).isFalse();
            assertThat(fork.usesJspawnhelper()).isFalse();
            assertThat(fork.steps()).hasSize(2);

            LaunchTrace.Trace dflt = LaunchTrace.trace(strace.get(), jdk, LaunchTrace.DEFAULT, child.get().toString(), work);
            assertThat(dflt.effective()).as("the default since JDK 13").isEqualTo("POSIX_SPAWN");
            if (jdk.feature() == 25) {
                LaunchTrace.Trace vfork = LaunchTrace.trace(strace.get(), jdk, "VFORK", child.get().toString(), work);
                assertThat(vfork.jdkMessage()).as("JDK 25's own VFORK warning").contains("VFORK");
                assertThat(vfork.steps().get(0)).isEqualTo("vfork()");
            }
        }
    }
}
