package jab.bench.process;

import java.util.concurrent.TimeUnit;

/**
 * The end of a trial must leave no child behind, even one a timed-out launch could not reap: kill
 * what is left and wait for it, so no zombie or jspawnhelper outlives the fork.
 */
public final class ProcessReaper {
    private ProcessReaper() {
    }

    public static void killDescendants() {
        ProcessHandle.current().descendants().forEach(h -> {
            h.destroyForcibly();
            try {
                h.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // it is going; nothing better to do at teardown
            }
        });
    }
}
