package jab.harness.process;

import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.Callable;

import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.baseline.NativeBuild;
import jab.harness.trace.VerifyTraces;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jab verify process}: which syscalls each launch mechanism really makes, per JDK. */
@Command(name = "process", mixinStandardHelpOptions = true,
        description = {"For each JDK and launch mechanism (the JDK default, POSIX_SPAWN, FORK, VFORK), one fresh JVM",
            "launches the C child once under strace -f -e trace=clone,clone3,vfork,fork,execve; prints the syscalls",
            "that made and replaced the child (JVM threads left out) and anything the JDK said about the mechanism.",
            "Exit 0: every trace ran; 1: strace missing (Debian package 'strace') or a trace failed; 2: bad input."},
        footer = {"", "Examples:", "  ./jab verify process", "  ./jab verify process --jdk all"})
final class ProcessVerifyCommand implements Callable<Integer> {
    @Option(names = "--jdk", paramLabel = "SPEC[,SPEC...]|all", description = "JDKs to trace (default: the JDK running jab)")
    String jdk;

    @Override
    public Integer call() throws Exception {
        List<Jdk> jdks = JdkSelector.select(jdk, new JdkDiscovery());
        return VerifyTraces.run(Paths.get(System.getProperty("java.io.tmpdir")), "jab-verify-", (strace, work) -> {
            ProcessChild child = ProcessChild.resolve(new NativeBuild());
            if (child.isFallback()) {
                System.out.println("note: " + child.note());
            }
            int failures = 0;
            for (Jdk j : jdks) {
                VerifyTraces.printJdk(j);
                for (String m : LaunchTrace.mechanisms()) {
                    try {
                        LaunchTrace.Trace t = LaunchTrace.trace(strace, j, m, child.path(), work);
                        System.out.println("  " + t.line());
                        if (!t.jdkMessage().isEmpty()) {
                            System.out.println("    JDK says: " + t.jdkMessage().replace("\n", "\n              "));
                        }
                        failures += t.steps().isEmpty() ? 1 : 0;
                    } catch (Exception e) {
                        failures++;
                        System.out.println("  " + m + ": trace failed: " + e.getMessage());
                    }
                }
                System.out.println();
            }
            return failures;
        });
    }
}
