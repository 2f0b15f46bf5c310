package jab.harness.run.options;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.UsageException;
import jab.harness.family.Family;
import jab.harness.run.jmh.BenchmarkCatalog;

/**
 * Every check of a run's input that can be made before anything runs: params known to the selected
 * benchmarks, enum params given one of their constants, --dir usable, enough free space.
 */
public final class InputChecks {
    /** Kept free beyond what the families ask for, so a run never fills the disk. */
    static final long SPACE_MARGIN_BYTES = 256L << 20;

    private InputChecks() {
    }

    public static void checkParams(Map<Family, List<BenchmarkListEntry>> selection, Map<String, String[]> params) {
        Set<String> known = new TreeSet<>();
        selection.values().forEach(l -> known.addAll(BenchmarkCatalog.paramNames(l)));
        for (String name : params.keySet()) {
            if (!known.contains(name)) {
                throw new UsageException("unknown param -p " + name + "; params of the selected benchmarks: "
                        + (known.isEmpty() ? "none" : String.join(", ", known)));
            }
        }
        selection.values().forEach(l -> EnumParams.check(l, params));
    }

    public static Path usableDir(Path dir, String option) {
        if (!Files.isDirectory(dir)) {
            throw new UsageException(option + " " + dir + " does not exist or is not a directory");
        }
        try {
            Path probe = Files.createTempFile(dir, ".jab-write-test", ".tmp");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new UsageException(option + " " + dir + " is not writable: " + reason(e));
        }
        return dir.toAbsolutePath().normalize();
    }

    /**
     * A directory results go into: made when missing. A regular file, a place where it cannot be made
     * or one that is not writable is bad input, found before anything runs rather than after it.
     */
    public static Path outputDir(Path dir, String option) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageException(option + " " + dir + " is a file, not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            throw new UsageException(option + " " + dir + " cannot be created: " + reason(e));
        }
        return usableDir(dir, option);
    }

    /** What the OS said, without the path the message names already: "Read-only file system", "AccessDeniedException". */
    private static String reason(Exception e) {
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : f.getClass().getSimpleName();
        }
        return e.getMessage();
    }

    public static void checkSpace(Path dir, long bytesNeeded) {
        long usable;
        try {
            usable = Files.getFileStore(dir).getUsableSpace();
        } catch (IOException e) {
            throw new UsageException("cannot read the free space of " + dir + ": " + e.getMessage());
        }
        long want = bytesNeeded < 0 ? Long.MAX_VALUE : bytesNeeded + Math.max(SPACE_MARGIN_BYTES, bytesNeeded / 10);
        if (want > usable || want < 0) {
            throw new UsageException(String.format("not enough free space in %s: the run needs %s (with margin), %s is free",
                    dir, bytes(want < 0 ? bytesNeeded : want), bytes(usable)));
        }
    }

    static String bytes(long b) {
        if (b < 0) {
            return "more than can be counted";
        }
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = b;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format("%.1f %s", v, units[u]);
    }
}
