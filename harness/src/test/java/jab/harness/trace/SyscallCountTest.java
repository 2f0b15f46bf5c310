package jab.harness.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyscallCountTest {

    @Test
    void parsesStracesSummaryWithBlankErrorCells() {
        Map<String, SyscallCount.Calls> c = SyscallCount.parse(List.of(
                "syscall              calls    errors",
                "---------------- --------- ---------",
                "openat                  39        19",
                "mmap                    30          ",
                "statx                    2         2",
                "---------------- --------- ---------",
                "total                   71        21"));
        assertThat(c).containsOnlyKeys("openat", "mmap", "statx");
        assertThat(c.get("openat")).isEqualTo(new SyscallCount.Calls(39, 19));
        assertThat(c.get("mmap")).isEqualTo(new SyscallCount.Calls(30, 0));
    }

    @Test
    void perOperationIsTheDifferenceOverNAndDropsNoise() {
        Map<String, SyscallCount.Calls> once = Map.of("access", new SyscallCount.Calls(1_000 + 40, 1_000),
                "mmap", new SyscallCount.Calls(300, 0), "futex", new SyscallCount.Calls(50, 3));
        Map<String, SyscallCount.Calls> twice = Map.of("access", new SyscallCount.Calls(2_000 + 40, 2_000),
                "mmap", new SyscallCount.Calls(310, 0), "futex", new SyscallCount.Calls(48, 3),
                "read", new SyscallCount.Calls(2_000, 0));
        List<SyscallCount.PerOperation> per = SyscallCount.difference(once, twice, 1_000);
        assertThat(per).extracting(SyscallCount.PerOperation::syscall).containsExactly("read", "access");
        assertThat(per.get(0).words()).isEqualTo("2 read");
        assertThat(per.get(1).words()).isEqualTo("1 access (fails)");
    }

    /** A real process under real strace: sh runs `test -e` n times, each one a stat-like call on a missing path. */
    @Test
    void countsARealCommandsCallsPerOperation(@TempDir Path dir) throws Exception {
        assumeTrue(SyscallCount.strace().isPresent(), SyscallCount.NO_STRACE);
        Path missing = dir.resolve("no-such-file");
        List<SyscallCount.PerOperation> per = SyscallCount.perOperation(SyscallCount.strace().get(),
                n -> List.of("sh", "-c", "i=0; while [ $i -lt $0 ]; do [ -e " + missing + " ]; i=$((i+1)); done", Long.toString(n)),
                500, dir, Duration.ofSeconds(60));
        assertThat(per).isNotEmpty();
        SyscallCount.PerOperation first = per.get(0);
        assertThat(first.calls()).isBetween(0.9, 1.1);
        assertThat(first.errors()).isBetween(0.9, 1.1);
        assertThat(first.syscall()).matches("stat|lstat|newfstatat|statx|access|faccessat2?|stat64");
    }
}
