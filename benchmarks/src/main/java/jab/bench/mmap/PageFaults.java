package jab.bench.mmap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * This process's page faults so far, as the kernel counts them in {@code /proc/self/stat}: minor
 * (the page was in memory or the page cache, or is a fresh zeroed one) and major (read from disk).
 * Linux only.
 */
final class PageFaults {
    final long minor;
    final long major;

    private PageFaults(long minor, long major) {
        this.minor = minor;
        this.major = major;
    }

    static PageFaults now() throws IOException {
        return parse(new String(Files.readAllBytes(Paths.get("/proc/self/stat")), StandardCharsets.US_ASCII));
    }

    /**
     * proc(5): minflt and majflt are fields 10 and 12. The command name (field 2) is in parentheses
     * and may hold spaces and parentheses itself, so fields are counted after the last ')', where
     * field 3 starts.
     */
    static PageFaults parse(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 1).trim().split("\\s+");
        return new PageFaults(Long.parseLong(f[10 - 3]), Long.parseLong(f[12 - 3]));
    }
}
