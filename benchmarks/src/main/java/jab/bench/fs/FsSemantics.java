package jab.bench.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import jab.bench.support.BenchDirs;

/**
 * What each {@link ExistenceCheck} answers for the paths that make existence checks differ:
 * symlinks (JGit's NOFOLLOW_LINKS question), loops, and a path under a regular file (ENOTDIR).
 * Run as a program in each JDK under test ({@code jab semantics fs}); prints one line per case and
 * check: {@code case<TAB>api<TAB>answer}, where answer is true, false or the exception's class.
 */
public final class FsSemantics {

    /** The cases, in the order a table shows them. */
    public enum Case {
        REGULAR_FILE("regular file"),
        DIRECTORY("directory"),
        MISSING("missing path"),
        SYMLINK_TO_FILE("symlink to a file"),
        BROKEN_SYMLINK("broken symlink"),
        SYMLINK_LOOP("symlink loop"),
        UNDER_REGULAR_FILE("path under a regular file (ENOTDIR)");

        public final String label;

        Case(String label) {
            this.label = label;
        }
    }

    private FsSemantics() {
    }

    /** Builds every case in a fresh directory, asks every check, removes the directory. */
    public static Map<Case, Map<ExistenceCheck, String>> probe() throws IOException {
        Path dir = BenchDirs.freshTrialDir("jab-semantics-");
        try {
            Map<Case, Path> paths = createCases(dir);
            Map<Case, Map<ExistenceCheck, String>> answers = new LinkedHashMap<>();
            for (Map.Entry<Case, Path> c : paths.entrySet()) {
                Map<ExistenceCheck, String> row = new LinkedHashMap<>();
                for (ExistenceCheck check : ExistenceCheck.values()) {
                    row.put(check, answer(check, c.getValue()));
                }
                answers.put(c.getKey(), row);
            }
            return answers;
        } finally {
            BenchDirs.deleteTree(dir);
        }
    }

    private static Map<Case, Path> createCases(Path dir) throws IOException {
        Map<Case, Path> paths = new LinkedHashMap<>();
        Path file = Files.write(dir.resolve("file.txt"), new byte[] {'x'});
        paths.put(Case.REGULAR_FILE, file);
        paths.put(Case.DIRECTORY, Files.createDirectory(dir.resolve("dir")));
        paths.put(Case.MISSING, dir.resolve("missing.txt"));
        paths.put(Case.UNDER_REGULAR_FILE, file.resolve("child"));
        try {
            paths.put(Case.SYMLINK_TO_FILE, Files.createSymbolicLink(dir.resolve("link-to-file"), file));
            paths.put(Case.BROKEN_SYMLINK, Files.createSymbolicLink(dir.resolve("broken-link"), dir.resolve("gone")));
            Path loopA = dir.resolve("loop-a");
            Files.createSymbolicLink(loopA, dir.resolve("loop-b"));
            Files.createSymbolicLink(dir.resolve("loop-b"), loopA);
            paths.put(Case.SYMLINK_LOOP, loopA);
        } catch (IOException | UnsupportedOperationException e) {
            // Windows without the symlink privilege (or a filesystem without links): the symlink
            // rows are left out (reports show "?") rather than losing the whole table.
        }
        return paths;
    }

    private static String answer(ExistenceCheck check, Path path) {
        try {
            return Boolean.toString(check.check(path.toFile(), path));
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName();
        }
    }

    public static void main(String[] args) throws IOException {
        for (Map.Entry<Case, Map<ExistenceCheck, String>> row : probe().entrySet()) {
            for (Map.Entry<ExistenceCheck, String> cell : row.getValue().entrySet()) {
                System.out.println(row.getKey().name() + "\t" + cell.getKey().name() + "\t" + cell.getValue());
            }
        }
    }
}
