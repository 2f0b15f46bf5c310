package jab.harness.process;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import jab.harness.trace.SyscallCount;
import jab.harness.trace.TraceCache;

/**
 * The syscalls behind the C failure floors, per launch, as strace counts them: posix_spawnp of a
 * missing bare name (the floor every failed launch was once divided by) beside vfork+execvp of the
 * same name, so the posix_spawnp figure is explained by what it does (an execve per PATH entry, the
 * clone and its stack) rather than taken on trust. Counted by difference of N and 2N launches.
 * This count is how the old "posix_spawnp" floor was found to call posix_spawn: one execve of the
 * bare name in the working directory, no PATH search, so it measured a different failure.
 */
final class FailureTrace {
    static final long LAUNCHES = 50;

    private FailureTrace() {
    }

    /** One sentence per floor: "posix_spawnp, missing name, per launch: 9 execve (fails), 1 clone3, ...". */
    static List<String> explain(Path strace, ProcessNativeBaseline.Programs p, ProcessChild child, Path workDir, TraceCache cache)
            throws Exception {
        List<String> out = new ArrayList<>();
        String path = System.getenv().getOrDefault("PATH", "");
        int entries = path.isEmpty() ? 0 : path.split(File.pathSeparator, -1).length;
        for (String mode : List.of("spawnp", "vfork")) {
            ProcessFloor f = ProcessFloor.BEFORE_JMH.stream().filter(x -> x.mode().equals(mode) && x.scenario().equals("missing"))
                    .findFirst().orElseThrow();
            List<String> base = new ArrayList<>(List.of(p.program().toString(), mode, "0", "1", "1"));
            base.addAll(ProcessNativeBaseline.targetArgs(p, child, f, 0));
            // a failed posix_spawnp tries every PATH entry: the count is a fact of PATH too
            List<String> what = new ArrayList<>(List.of("failure floor", "PATH=" + path));
            what.addAll(base);
            out.add(cache.get(String.class, what, () -> {
                List<SyscallCount.PerOperation> per = SyscallCount.perOperation(strace, n -> {
                    List<String> cmd = new ArrayList<>(base);
                    cmd.addAll(List.of("--count", Long.toString(n)));
                    return cmd;
                }, LAUNCHES, workDir, Duration.ofMinutes(2));
                return "C floor " + f.name() + " (" + f.describe() + "), per launch under strace -f -c (" + LAUNCHES + " vs "
                        + 2 * LAUNCHES + " launches): " + per.stream().map(SyscallCount.PerOperation::words)
                        .collect(Collectors.joining(", ")) + "; PATH has " + entries + " entries.";
            }));
        }
        return out;
    }
}
