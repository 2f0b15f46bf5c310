package jab.harness.fs;

import java.util.List;
import java.util.concurrent.Callable;

import jab.bench.fs.ExistenceCheck;
import jab.harness.baseline.NativeBuild;
import jab.harness.jdk.Jdk;
import jab.harness.run.options.ProbeOptions;
import jab.harness.trace.TraceCache;
import jab.harness.trace.VerifyTraces;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code jab verify fs}: the syscalls (and exceptions) each existence check makes per operation, per JDK, and its C floor. */
@Command(name = "fs", mixinStandardHelpOptions = true,
        description = {"For each C floor of fs_baseline, then each JDK and existence check, on an existing file and a",
            "missing path: the syscalls per operation under strace -c, by difference of a run of n checks and one of 2n",
            "(JVM start-up cancels), the calls on the path itself (strace -P: whether they follow a final symlink), and",
            "the exceptions thrown per operation (-Xlog:exceptions of an interpreted run). Each check is paired with the",
            "C call that makes the same syscall: its floor in summary.md, or none (no ratio).",
            "Exit 0: every trace ran; 1: strace missing (Debian package 'strace') or a trace failed; 2: bad input."},
        footer = {"", "Examples:", "  ./jab verify fs", "  ./jab verify fs --jdk all"})
final class FsVerifyCommand implements Callable<Integer> {
    @Mixin
    ProbeOptions options = new ProbeOptions();

    @Override
    public Integer call() throws Exception {
        List<Jdk> jdks = options.jdks();
        return VerifyTraces.run(options.dir(), "jab-verify-fs-", (strace, work) -> {
            System.out.println("Per operation, by difference of " + FsTracer.COUNT_OPS + " and " + 2 * FsTracer.COUNT_OPS
                    + " checks in one process:");
            FsSyscallsDocument doc = FsSyscallsSurvey.run(strace, jdks, List.of(ExistenceCheck.values()), new NativeBuild(),
                    work, TraceCache.off("fs"), (t, soFar) -> System.out.println("  " + FsTraceWords.line(t, soFar)),
                    note -> System.out.println("  " + note));
            return doc.notes().size();
        });
    }
}
