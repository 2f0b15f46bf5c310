package jab.harness.trace;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;

import jab.bench.support.BenchDirs;
import jab.harness.jdk.Jdk;

/**
 * What every {@code jab verify} command does around its traces, so that each says only what it traces:
 * strace found before any JVM starts (else how to install it, exit 1), the traces' files in a fresh
 * folder that goes when they end, and the exit code from the traces that failed (0 when none did, else
 * 1). A failed trace is a line of the output, not the end of the command: the other traces still tell
 * what they measured.
 */
public final class VerifyTraces {
    /** The traces of one command, given strace and their folder: how many failed. */
    @FunctionalInterface
    public interface Traces {
        int failures(Path strace, Path work) throws Exception;
    }

    private VerifyTraces() {
    }

    /** Runs {@code traces} with strace and a fresh folder named {@code prefix}... in {@code parent}; the exit code. */
    public static int run(Path parent, String prefix, Traces traces) throws Exception {
        Optional<Path> strace = SyscallCount.straceOrSayHowToInstall();
        if (strace.isEmpty()) {
            return 1;
        }
        Path work = BenchDirs.freshTrialDir(parent, prefix);
        try {
            return traces.failures(strace.get(), work) == 0 ? 0 : 1;
        } finally {
            BenchDirs.deleteTree(work);
        }
    }

    /** The line that heads a JDK's traces. */
    public static void printJdk(Jdk jdk) {
        System.out.println("JDK " + jdk.version() + " (" + jdk.vendor() + ", " + jdk.home() + "):");
    }

    /**
     * One trace: its line printed (indented), or "what: trace failed: why" when it threw; 1 for a failed
     * trace, else 0.
     */
    public static int traceLine(String what, Callable<String> trace) {
        try {
            System.out.println("  " + trace.call());
            return 0;
        } catch (Exception e) {
            System.out.println("  " + what + ": trace failed: " + e.getMessage());
            return 1;
        }
    }
}
