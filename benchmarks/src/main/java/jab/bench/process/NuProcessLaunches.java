package jab.bench.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.zaxxer.nuprocess.NuAbstractProcessHandler;
import com.zaxxer.nuprocess.NuProcess;
import com.zaxxer.nuprocess.NuProcessBuilder;

/**
 * NuProcess: the child started by the JDK's native forkAndExec (through JNA) in VFORK mode whatever
 * {@code jdk.lang.Process.launchMechanism} says, its pipes served by epoll. Timed to its
 * {@code onExit} callback through {@code NuProcessBuilder.run()}, the synchronous API: it serves the
 * pipes in the calling thread and returns once {@code onExit} ran.
 *
 * <p>Why not {@code start()} and {@code waitFor}: in NuProcess 3.0.0 an exit is found when stdout and
 * stderr hang up and {@code waitpid(WNOHANG)} then reaps the child; a child that has closed its pipes
 * but is not yet a zombie goes to a "dead pool" that the shared epoll thread re-checks only when its
 * {@code epoll_wait} times out, every {@code com.zaxxer.nuprocess.deadPoolPollMs} (default 250, and
 * never under 100: NuProcess clamps it). So {@code start()} measures that poll interval, not a launch
 * (11-253 ms a launch in earlier runs). {@code run()} drains the dead pool with back-off sleeps of
 * 0, 0, 1, 3, 7 ... ms instead, so the figure is the launch plus at most a few ms of NuProcess's own
 * exit detection, which is NuProcess's cost.
 *
 * <p>A command that cannot be started is reported by {@code onExit(Integer.MIN_VALUE)}: its error.
 */
final class NuProcessLaunches {
    static {
        // NuProcess logs every failed start with a stack trace at WARNING (java.util.logging): the
        // missing scenarios would measure console output. Raised to SEVERE here, said in the summary.
        Logger.getLogger("com.zaxxer.nuprocess").setLevel(Level.SEVERE);
    }

    private NuProcessLaunches() {
    }

    static Launched launch(String... command) throws Exception {
        Collector out = new Collector(command[0]);
        NuProcessBuilder b = new NuProcessBuilder(Arrays.asList(command));
        b.setProcessListener(out);
        try {
            b.run(); // returns after onExit
        } finally {
            out.disarm();
        }
        out.check();
        if (!out.exited || out.exitCode == Integer.MIN_VALUE) {
            // also a child that exited 127: NuProcess maps it to MIN_VALUE, as a shell's "not found"
            throw new IOException("NuProcess could not start " + command[0] + " (onExit(Integer.MIN_VALUE))");
        }
        return new Launched(out.exitCode, out.bytes.toByteArray());
    }

    /** Copies stdout as NuProcess hands it over, keeps the exit code, and bounds the launch by {@link LaunchTimeout}. */
    static final class Collector extends NuAbstractProcessHandler {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final String what;
        private volatile LaunchTimeout timeout;
        volatile int exitCode;
        volatile boolean exited;

        Collector(String what) {
            this.what = what;
        }

        @Override
        public void onStart(NuProcess process) {
            // run() has no time limit of its own: a hung child would block the benchmark thread forever
            ProcessHandle.of(process.getPID()).ifPresent(h -> timeout = LaunchTimeout.arm(h, "NuProcess " + what));
        }

        @Override
        public void onStdout(ByteBuffer buffer, boolean eof) {
            byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }

        @Override
        public void onExit(int statusCode) {
            exitCode = statusCode;
            exited = true;
        }

        void disarm() {
            LaunchTimeout t = timeout;
            if (t != null) {
                t.close();
            }
        }

        void check() throws IOException {
            LaunchTimeout t = timeout;
            if (t != null) {
                t.check();
            }
        }
    }
}
