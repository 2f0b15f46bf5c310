package jab.harness.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Ends a child together with everything it started. Killing only the child leaves its children
 * running (a shell's {@code sleep}, strace's traced JVM), re-parented to init, and still holding
 * the pipes a reader waits on; they can be found only through their parent while it lives, so
 * they are collected before it dies.
 */
final class ProcessTree {
    /** How long to wait for the killed processes to be gone: SIGKILL is not instant, but quick. */
    static final Duration DEATH_WAIT = Duration.ofSeconds(5);

    private ProcessTree() {
    }

    /** SIGKILLs {@code root} and all its descendants and waits briefly until they are gone. */
    static void kill(Process root) {
        kill(root, Set.of());
    }

    /**
     * As {@link #kill(Process)}, also killing {@code known}: descendants collected earlier, which
     * the root may have lost (re-parented) since.
     */
    static void kill(Process root, Collection<ProcessHandle> known) {
        Set<ProcessHandle> tree = new LinkedHashSet<>(known);
        tree.addAll(root.descendants().toList()); // before the root dies: afterwards they are init's
        root.destroyForcibly(); // first, so it starts no new children
        Deque<ProcessHandle> todo = new ArrayDeque<>(tree);
        while (!todo.isEmpty()) {
            ProcessHandle h = todo.pop();
            // a descendant may have started children since the snapshot: take them along
            h.descendants().forEach(d -> {
                if (tree.add(d)) {
                    todo.add(d);
                }
            });
            h.destroyForcibly();
        }
        awaitGone(root, tree);
    }

    private static void awaitGone(Process root, Set<ProcessHandle> tree) {
        long deadline = System.nanoTime() + DEATH_WAIT.toNanos();
        try {
            root.waitFor(DEATH_WAIT.toNanos(), TimeUnit.NANOSECONDS); // reaps it, so it is no zombie
            for (ProcessHandle h : tree) {
                // not our children: they cannot be waited for, only watched
                while (running(h) && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the kill signals are sent; only the wait is cut short
        }
    }

    /**
     * Alive and not a zombie. A killed orphan is a zombie until init reaps it, which some container
     * inits do late or never; ProcessHandle still calls it alive, but it is dead and holds nothing.
     */
    static boolean running(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(h.pid()), "stat"));
            int endOfName = stat.lastIndexOf(')'); // "pid (name) state ...": the name may hold anything
            return endOfName < 0 || endOfName + 2 >= stat.length() || stat.charAt(endOfName + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return h.isAlive(); // no /proc (not Linux), or gone meanwhile
        }
    }
}
