package jab.bench.process;

import java.io.InputStream;

/** The JDK's own two ways: ProcessBuilder and Runtime.exec. */
final class JdkLaunches {
    private JdkLaunches() {
    }

    static Launched processBuilder(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return drain(p, command[0]);
    }

    static Launched runtimeExec(String... command) throws Exception {
        Process p = Runtime.getRuntime().exec(command);
        // Seed 001's usage reads stdout only; closing stderr up front means a child that writes a
        // lot to stderr gets EPIPE instead of blocking on a full pipe nobody reads.
        p.getErrorStream().close();
        return drain(p, command[0]);
    }

    private static Launched drain(Process p, String what) throws Exception {
        p.getOutputStream().close(); // the child reads no stdin: EOF at once
        try (LaunchTimeout t = LaunchTimeout.arm(p, what); InputStream out = p.getInputStream()) {
            byte[] bytes = out.readAllBytes();
            int exit = p.waitFor();
            t.check();
            return new Launched(exit, bytes);
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }
}
