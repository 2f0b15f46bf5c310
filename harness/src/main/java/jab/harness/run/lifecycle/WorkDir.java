package jab.harness.run.lifecycle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The per-run folder under --dir ({@code jab-work-PID-MILLIS}) where benchmark files, fork output
 * and JMH's results live until the harness moves what it keeps into the run directory. Removed at
 * the end of the run and on Ctrl-C, so --dir is left as it was found.
 */
public final class WorkDir {
    private WorkDir() {
    }

    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("jab-work-(\\d+)-(\\d+)");

    public static Path under(Path benchDir) {
        return benchDir.resolve("jab-work-" + ProcessHandle.current().pid() + "-" + System.currentTimeMillis());
    }

    /**
     * Removes the work folders under {@code benchDir} of jab runs that no longer run: a run killed
     * with SIGKILL cannot remove its own (the hostile-input check kills {@code jab run kv} so, and
     * each left a folder with the run's kv workload, ~0.5 MB). A folder whose PID has no live process
     * is removed; a live one keeps it, whether it is that run or a process that reused its PID, as
     * jab cannot tell. What it cannot read or remove stays: the run does not depend on it.
     *
     * @return the folders removed
     */
    public static List<Path> removeLeftBehind(Path benchDir) {
        List<Path> removed = new java.util.ArrayList<>();
        List<Path> children;
        try (Stream<Path> list = Files.list(benchDir)) {
            children = list.toList();
        } catch (IOException e) {
            return removed;
        }
        for (Path p : children) {
            java.util.regex.Matcher m = NAME.matcher(p.getFileName().toString());
            if (m.matches() && m.group(1).length() < 18 && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                    && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                try {
                    delete(p);
                    removed.add(p);
                } catch (UncheckedIOException e) {
                    // not ours to remove (another user's), or removed meanwhile by another run
                }
            }
        }
        return removed;
    }

    /** Removes a tree; links are removed, never followed (Files.walk does not follow them). */
    public static void delete(Path root) {
        if (root == null || !Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            List<Path> deepestFirst = all.sorted(Comparator.reverseOrder()).toList();
            for (Path p : deepestFirst) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + root, e);
        }
    }
}
