package jab.harness.jgit;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import jab.bench.jgit.InsertLoop;
import jab.harness.jdk.ForkClasspath;
import jab.harness.jdk.Jdk;
import jab.harness.trace.SyscallCount;

/**
 * What one loose-object insert does at the OS level, on one JDK with one existence check: an
 * {@link InsertLoop} JVM inserts n and then 2n new objects under {@code strace -f -c}; the difference
 * over n is the syscalls per inserted object (repository set-up and JVM start cancel).
 *
 * @param syscalls per inserted object, each at least {@link SyscallCount#NOISE}
 */
record InsertTrace(String jdk, String exists, List<SyscallCount.PerOperation> syscalls) {
    /** Inserts in the shorter run: enough that a GC or JIT syscall more in the longer one stays below NOISE. */
    static final long INSERTS = 1000;
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    /** The calls that ask whether a path exists (the probes), whatever the libc names them. */
    static final Set<String> PROBES = Set.of("stat", "lstat", "newfstatat", "fstatat64", "statx", "access", "faccessat",
            "faccessat2");

    static InsertTrace of(Path strace, Jdk jdk, String exists, Path agentJar, Path workDir) throws IOException, InterruptedException {
        List<SyscallCount.PerOperation> calls = SyscallCount.perOperation(strace,
                n -> List.of(jdk.java().toString(), "-javaagent:" + agentJar, "-cp", ForkClasspath.get(),
                        InsertLoop.class.getName(), exists, workDir.toString(), Long.toString(n)),
                INSERTS, workDir, TIMEOUT);
        return new InsertTrace(jdk.id(), exists, calls);
    }

    /** Probe calls per inserted object (stat, lstat, access... in any form). */
    double probes() {
        return syscalls.stream().filter(c -> PROBES.contains(c.syscall())).mapToDouble(SyscallCount.PerOperation::calls).sum();
    }

    /** "2 newfstatat (fails) + 1 openat + ... per inserted object (probes: 2)". */
    String words() {
        return syscalls.stream().map(SyscallCount.PerOperation::words).collect(Collectors.joining(" + "))
                + " per inserted object (" + String.format(java.util.Locale.ROOT, "%.1f", probes()) + " probes: stat-family calls)";
    }
}
