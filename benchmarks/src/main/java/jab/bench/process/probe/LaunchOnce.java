package jab.bench.process.probe;

import java.io.InputStream;

import jab.bench.process.LaunchMechanisms;

/**
 * A probe, not a benchmark: programs with a main() that jab starts as their own JVM live in this
 * package, apart from the JMH classes. Seed 001's whole program: a fresh JVM that starts a child with Runtime.exec, copies its stdout to
 * its own and exits. jab times the whole {@code java} process (JVM start, class loading, one launch,
 * exit) beside {@link EmptyMain}, and runs it under strace for {@code jab verify process}.
 *
 * <p>usage: {@code java [-Djdk.lang.Process.launchMechanism=M] jab.bench.process.probe.LaunchOnce [--report] CHILD [ARGS]}
 * <br>{@code --report} adds a last line {@code jab.launchMechanism=<what ProcessImpl used>}.
 */
public final class LaunchOnce {
    private LaunchOnce() {
    }

    public static void main(String[] args) throws Exception {
        boolean report = args.length > 0 && args[0].equals("--report");
        String[] command = java.util.Arrays.copyOfRange(args, report ? 1 : 0, args.length);
        Process p = Runtime.getRuntime().exec(command);
        try (InputStream out = p.getInputStream()) {
            out.transferTo(System.out);
        }
        int exit = p.waitFor();
        if (report) {
            System.out.println("jab.launchMechanism=" + LaunchMechanisms.effective());
        }
        System.out.flush();
        System.exit(exit);
    }
}
