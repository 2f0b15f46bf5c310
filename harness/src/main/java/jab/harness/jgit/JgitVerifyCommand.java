package jab.harness.jgit;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import jab.bench.jgit.ProbeVariant;
import jab.harness.jdk.Jdk;
import jab.harness.run.options.ProbeOptions;
import jab.harness.trace.SyscallCount;
import jab.harness.trace.VerifyTraces;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code jab verify jgit}: the syscalls, and among them the probes, of one loose-object insert per JDK and existence check. */
@Command(name = "jgit", mixinStandardHelpOptions = true,
        description = {"For each JDK (17+: JGit 7 needs Java 17) and existence check, a fresh JVM makes a bare repository of",
            "250 loose objects and inserts 1000 and then 2000 new ones with JGit under strace -f -c; the difference over",
            "1000 is the syscalls per inserted object, and the stat-family calls among them are the probes.",
            "Exit 0: every trace ran; 1: strace missing (Debian package 'strace') or a trace failed; 2: bad input."},
        footer = {"", "Examples:", "  ./jab verify jgit", "  ./jab verify jgit --jdk all --dir /dev/shm"})
final class JgitVerifyCommand implements Callable<Integer> {
    @Mixin
    ProbeOptions options = new ProbeOptions();

    @Override
    public Integer call() throws Exception {
        List<Jdk> jdks = options.jdks();
        return VerifyTraces.run(options.dir(), "jab-verify-jgit-", (strace, work) -> {
            int failures = 0;
            Path agent = JgitFamily.agentJar(work);
            for (Jdk j : jdks) {
                VerifyTraces.printJdk(j);
                if (j.feature() < JgitFamily.MIN_JDK) {
                    System.out.println("  skipped: JGit " + JgitFamily.jgitVersion() + " needs Java " + JgitFamily.MIN_JDK);
                    continue;
                }
                for (ProbeVariant v : ProbeVariant.values()) {
                    failures += VerifyTraces.traceLine(v.name(), () -> JgitFamily.call(v.name()) + " (" + v + "): "
                            + InsertTrace.of(strace, j, v.name(), agent, work).words());
                }
            }
            System.out.println("Syscalls of the whole JVM, (2n - n) / n per inserted object, those of at least " + SyscallCount.NOISE
                    + " per object; probes: the stat-family calls (stat, lstat, newfstatat, statx, access) among them.");
            return failures;
        });
    }
}
