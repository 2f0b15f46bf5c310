package jab.harness.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;

import jab.bench.fs.ExistenceCheck;
import jab.bench.fs.ExistenceCheckLoop;
import jab.harness.jdk.ForkClasspath;
import jab.harness.jdk.Jdk;
import jab.harness.trace.PathSyscalls;
import jab.harness.trace.SyscallCount;

/**
 * Traces what one existence check does per operation: {@link ExistenceCheckLoop} in a fresh JVM of
 * the JDK, or fs_baseline's count mode for a C floor, each run with n and then 2n operations, so
 * start-up and shutdown cancel in the difference. Three views of the same loop:
 * <ul>
 * <li>every syscall of the process ({@link SyscallCount}, strace -c);</li>
 * <li>the calls on the checked path with their arguments ({@link PathSyscalls}, strace -P), which
 *     tell stat from lstat where glibc makes both the same syscall;</li>
 * <li>the exceptions thrown, from {@code -Xlog:exceptions=info} of an interpreted run ({@code -Xint}):
 *     what the Java code throws and catches, which no count of syscalls shows. Interpreted, because a
 *     JIT that inlines a throw into its catch logs nothing, yet the code still throws there.</li>
 * </ul>
 */
final class FsTracer {
    /** Operations of the syscall count: enough that a stray JIT or GC syscall stays below the noise floor. */
    static final long COUNT_OPS = 10_000;
    /** Operations of the path and exception runs: exact counts, so fewer suffice. */
    static final long DETAIL_OPS = 1_000;
    private static final Duration TIMEOUT = Duration.ofSeconds(180);

    private final Path strace;
    private final Path workDir;

    FsTracer(Path strace, Path workDir) {
        this.strace = strace;
        this.workDir = workDir;
    }

    /** One Java API on one path, in a fresh JVM of {@code jdk}. */
    FsSyscallsDocument.Trace java(Jdk jdk, ExistenceCheck api, String scenario, Path path) throws IOException, InterruptedException {
        LongFunction<List<String>> plain = n -> probe(jdk, List.of(), api, path, n);
        Path log = workDir.resolve("exceptions-" + jdk.id() + "-" + api.name() + "-" + scenario + ".log");
        // The exception log goes to a file of its own (not the checked path), so strace -P leaves its
        // writes out; one file, never rotated, so every line is counted.
        LongFunction<List<String>> interpreted = n -> probe(jdk,
                List.of("-Xint", "-Xlog:exceptions=info:file=" + log + n + ":none:filecount=0"), api, path, n);
        List<SyscallCount.PerOperation> syscalls = SyscallCount.perOperation(strace, plain, COUNT_OPS, workDir, TIMEOUT);
        List<PathSyscalls.Call> once = traced(interpreted.apply(DETAIL_OPS), path);
        List<PathSyscalls.Call> twice = traced(interpreted.apply(2 * DETAIL_OPS), path);
        Map<String, Double> exceptions = ExceptionLog.perOperation(lines(log, DETAIL_OPS), lines(log, 2 * DETAIL_OPS),
                DETAIL_OPS);
        return new FsSyscallsDocument.Trace(jdk.id(), api.name(), scenario, syscalls, onPath(once, twice, DETAIL_OPS),
                exceptions);
    }

    /** One C call of fs_baseline on one path. */
    FsSyscallsDocument.Trace c(Path fsBaseline, String call, String scenario, Path pathFile, Path path)
            throws IOException, InterruptedException {
        LongFunction<List<String>> cmd = n -> List.of(fsBaseline.toString(), call, "--count", Long.toString(n), pathFile.toString());
        List<SyscallCount.PerOperation> syscalls = SyscallCount.perOperation(strace, cmd, COUNT_OPS, workDir, TIMEOUT);
        List<PathSyscalls.Call> once = traced(cmd.apply(DETAIL_OPS), path);
        List<PathSyscalls.Call> twice = traced(cmd.apply(2 * DETAIL_OPS), path);
        return new FsSyscallsDocument.Trace(FsSyscallsDocument.C, call, scenario, syscalls, onPath(once, twice, DETAIL_OPS),
                Map.of());
    }

    private static List<String> probe(Jdk jdk, List<String> jvmOptions, ExistenceCheck api, Path path, long n) {
        List<String> cmd = new ArrayList<>(List.of(jdk.java().toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", ForkClasspath.get(), ExistenceCheckLoop.class.getName(), api.name(), path.toString(),
                Long.toString(n)));
        return cmd;
    }

    private List<PathSyscalls.Call> traced(List<String> command, Path path) throws IOException, InterruptedException {
        PathSyscalls.Traced t = PathSyscalls.of(strace, command, path, workDir, TIMEOUT);
        t.result().requireSuccess();
        return t.calls();
    }

    private static List<String> lines(Path log, long n) throws IOException {
        Path file = Path.of(log.toString() + n);
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Calls on the path per operation by (syscall, follows links or not): the 2n run's less the n run's, over n. */
    static List<FsSyscallsDocument.PathCall> onPath(List<PathSyscalls.Call> once, List<PathSyscalls.Call> twice, long n) {
        Map<String, long[]> counts = new TreeMap<>();
        for (PathSyscalls.Call c : once) {
            counts.computeIfAbsent(key(c), k -> new long[2])[0]++;
        }
        for (PathSyscalls.Call c : twice) {
            counts.computeIfAbsent(key(c), k -> new long[2])[1]++;
        }
        List<FsSyscallsDocument.PathCall> out = new ArrayList<>();
        counts.forEach((key, c) -> {
            double perOp = (double) (c[1] - c[0]) / n;
            if (perOp >= SyscallCount.NOISE) {
                String[] k = key.split(" ", 2);
                out.add(new FsSyscallsDocument.PathCall(k[0], k.length > 1, perOp));
            }
        });
        return out;
    }

    /** "newfstatat" or "newfstatat nofollow": lstat-like when the call says AT_SYMLINK_NOFOLLOW or is lstat itself. */
    private static String key(PathSyscalls.Call c) {
        boolean noFollow = c.arguments().contains("AT_SYMLINK_NOFOLLOW") || c.syscall().startsWith("lstat");
        return noFollow ? c.syscall() + " nofollow" : c.syscall();
    }
}
