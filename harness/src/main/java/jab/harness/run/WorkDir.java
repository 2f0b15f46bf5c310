package jab.harness.run;

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

    public static Path under(Path benchDir) {
        return benchDir.resolve("jab-work-" + ProcessHandle.current().pid() + "-" + System.currentTimeMillis());
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
