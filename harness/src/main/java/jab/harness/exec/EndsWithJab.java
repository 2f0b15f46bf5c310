package jab.harness.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Starts the children that live beside jab ({@link Subprocess#start()}: servers) so that they end
 * when jab ends, however it ends: a kill -9 runs no shutdown hook and no {@link Running#close()}, and
 * a server left behind keeps its port and its CPUs. On Linux, util-linux's setpriv asks the kernel to
 * SIGKILL the child when its parent dies (PR_SET_PDEATHSIG), then execs it, so the child keeps
 * setpriv's pid. The kernel's parent is the <em>thread</em> that forked the child: were that any jab
 * thread, the child would be killed when the thread ends, so every such start runs on one thread
 * that lives as long as the JVM. Where setpriv (or its --pdeathsig, util-linux 2.33) is missing,
 * children start plainly and end only when jab stops them.
 */
final class EndsWithJab {
    private static final ExecutorService SPAWNER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jab-spawner");
        t.setDaemon(true);
        return t;
    });

    private EndsWithJab() {
    }

    static Process start(ProcessBuilder pb) throws IOException {
        List<String> prefix = Setpriv.PREFIX;
        if (!prefix.isEmpty() && runnable(pb.command().get(0))) {
            List<String> cmd = new ArrayList<>(prefix);
            cmd.addAll(pb.command());
            pb.command(cmd);
        }
        Future<Process> started = SPAWNER.submit(pb::start);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return started.get();
                } catch (InterruptedException e) {
                    interrupted = true; // a start takes milliseconds: wait for it, so no child goes unowned
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException) {
                throw (IOException) e.getCause();
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Whether the program can be run: otherwise it starts without setpriv, so that ProcessBuilder
     * reports it missing, rather than a setpriv that exits with 127.
     */
    private static boolean runnable(String program) {
        return program.contains("/") ? Files.isExecutable(Path.of(program)) : Subprocess.onPath(program).isPresent();
    }

    /** "setpriv --pdeathsig KILL --" once a trial shows this machine's setpriv has the option; else empty. */
    private static final class Setpriv {
        static final List<String> PREFIX = probe();

        private static List<String> probe() {
            Optional<Path> setpriv = Subprocess.onPath("setpriv");
            if (setpriv.isEmpty()) {
                return List.of();
            }
            List<String> prefix = List.of(setpriv.get().toString(), "--pdeathsig", "KILL", "--");
            List<String> trial = new ArrayList<>(prefix);
            trial.add("true");
            try {
                return Subprocess.of(trial).timeout(Duration.ofSeconds(10)).run().ok() ? prefix : List.of();
            } catch (IOException e) {
                return List.of();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
        }
    }
}
