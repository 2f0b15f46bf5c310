package jab.bench.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The commands of the four scenarios. {@code existing}: seed 001's tiny C child by absolute path
 * (jab builds native/hello_child.c and passes its path as {@code -Djab.process.child}; without gcc
 * it is /bin/true, and the run says so). {@code randomExisting}: a pick among the child and a few
 * small system commands given by bare name (so the PATH search is part of the cost).
 * {@code missing}: a bare name found on no PATH entry, so every directory of PATH is tried before
 * the failure comes back. {@code randomMissing}: a pick among several such names.
 *
 * <p>Picks are a precomputed sequence (fixed seed), so choosing costs an array load.
 */
public final class ProcessCommands {
    public static final String CHILD_PROPERTY = "jab.process.child";
    public static final String FALLBACK_CHILD = "/bin/true";
    static final String[] SMALL_COMMANDS = {"true", "echo", "uname", "id", "pwd"};
    static final int PICKS = 1024; // a power of two: the cursor wraps with a mask
    static final int MISSING_NAMES = 16;

    private final String[] child;
    private final String[] missing;
    private final String[][] existingPicks;
    private final String[][] missingPicks;
    private int existingCursor;
    private int missingCursor;

    private ProcessCommands(String child) {
        this.child = new String[] {child};
        this.missing = new String[] {"jab-no-such-command"};
        List<String[]> existing = new ArrayList<>();
        existing.add(this.child);
        for (String c : SMALL_COMMANDS) {
            if (onPath(c)) {
                existing.add(new String[] {c});
            }
        }
        Random r = new Random(42);
        existingPicks = new String[PICKS][];
        missingPicks = new String[PICKS][];
        for (int i = 0; i < PICKS; i++) {
            existingPicks[i] = existing.get(r.nextInt(existing.size()));
            missingPicks[i] = new String[] {"jab-no-such-command-" + r.nextInt(MISSING_NAMES)};
        }
    }

    public static ProcessCommands create() {
        return new ProcessCommands(childPath());
    }

    /** The commands of a run whose child is {@code child}: how the harness learns the picks its C floor launches. */
    public static ProcessCommands forChild(String child) {
        return new ProcessCommands(child);
    }

    /** randomExisting's picks in the order the benchmark launches them: the child's path or a bare name. */
    public List<String> existingPickOrder() {
        List<String> out = new ArrayList<>(PICKS);
        for (String[] p : existingPicks) {
            out.add(p[0]);
        }
        return out;
    }

    /** The child the harness built, or /bin/true when it could not. */
    public static String childPath() {
        String c = System.getProperty(CHILD_PROPERTY, "");
        return !c.isEmpty() && Files.isExecutable(Paths.get(c)) ? c : FALLBACK_CHILD;
    }

    public String[] child() {
        return child;
    }

    public String[] missing() {
        return missing;
    }

    public String[] nextExisting() {
        String[] c = existingPicks[existingCursor];
        existingCursor = (existingCursor + 1) & (PICKS - 1);
        return c;
    }

    public String[] nextMissing() {
        String[] c = missingPicks[missingCursor];
        missingCursor = (missingCursor + 1) & (PICKS - 1);
        return c;
    }

    static boolean onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path p = Paths.get(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return true;
            }
        }
        return false;
    }
}
