package jab.harness.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class PathSyscallsTest {
    @Test
    void parsesWholeAndInterruptedCallsWithTheirArguments() {
        List<PathSyscalls.Call> calls = PathSyscalls.parse(List.of(
                "4242 newfstatat(AT_FDCWD, \"/tmp/m\", 0x7ffd, AT_SYMLINK_NOFOLLOW) = -1 ENOENT (No such file or directory)",
                "4243 access(\"/tmp/m\", F_OK <unfinished ...>",
                "4242 +++ exited with 0 +++",
                "4243 <... access resumed>) = 0",
                "statx(AT_FDCWD, \"/tmp/e\", AT_STATX_SYNC_AS_STAT, STATX_ALL, {stx_mask=STATX_ALL}) = 0"));
        assertThat(calls).containsExactly(
                new PathSyscalls.Call("newfstatat", "AT_FDCWD, \"/tmp/m\", 0x7ffd, AT_SYMLINK_NOFOLLOW", true),
                new PathSyscalls.Call("access", "\"/tmp/m\", F_OK", false),
                new PathSyscalls.Call("statx", "AT_FDCWD, \"/tmp/e\", AT_STATX_SYNC_AS_STAT, STATX_ALL, {stx_mask=STATX_ALL}", false));
    }
}
