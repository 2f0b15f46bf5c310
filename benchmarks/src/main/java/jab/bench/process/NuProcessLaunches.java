package jab.bench.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.zaxxer.nuprocess.NuAbstractProcessHandler;
import com.zaxxer.nuprocess.NuProcess;
import com.zaxxer.nuprocess.NuProcessBuilder;

/**
 * NuProcess: non-blocking pipes served by its own epoll thread, the child started by the JDK's
 * native forkAndExec (through JNA) in VFORK mode whatever {@code jdk.lang.Process.launchMechanism}
 * says. A command that cannot be started is reported by {@code onExit(Integer.MIN_VALUE)}: its error.
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
        Collector out = new Collector();
        NuProcessBuilder b = new NuProcessBuilder(Arrays.asList(command));
        b.setProcessListener(out);
        NuProcess p = b.start();
        // A failed start (missing command) is reported by onExit(Integer.MIN_VALUE) from within
        // start(), after a WARNING log; NuProcess 3.0.0 still returns the process object.
        if (p == null || (out.exited && out.exitCode == Integer.MIN_VALUE)) {
            throw new IOException("NuProcess could not start " + command[0] + " (onExit(Integer.MIN_VALUE))");
        }
        int exit = p.waitFor(LaunchTimeout.MILLIS, TimeUnit.MILLISECONDS);
        if (exit == Integer.MIN_VALUE) {
            if (p.isRunning()) {
                p.destroy(true);
                throw LaunchTimeout.timedOut(command[0]);
            }
            throw new IOException("NuProcess could not start " + command[0] + " (onExit(Integer.MIN_VALUE))");
        }
        if (!out.closed.await(LaunchTimeout.MILLIS, TimeUnit.MILLISECONDS)) {
            throw LaunchTimeout.timedOut(command[0] + " (stdout)");
        }
        return new Launched(exit, out.bytes.toByteArray());
    }

    /** Copies stdout as NuProcess hands it over and notes EOF. */
    static final class Collector extends NuAbstractProcessHandler {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final CountDownLatch closed = new CountDownLatch(1);
        volatile int exitCode;
        volatile boolean exited;

        @Override
        public void onStdout(ByteBuffer buffer, boolean eof) {
            byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            synchronized (bytes) {
                bytes.write(chunk, 0, chunk.length);
            }
            if (eof) {
                closed.countDown();
            }
        }

        @Override
        public void onExit(int statusCode) {
            exitCode = statusCode;
            exited = true;
        }
    }
}
