package jab.bench.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;

/**
 * The resident memory of a benchmark fork that launches with FORK, recorded so the C floor can fork
 * from a parent just as large: fork copies the page tables of every resident page, so a C parent of
 * a few hundred KiB against a JVM of hundreds of MiB would put page-table copying into the "JVM tax".
 * Each fork appends one line to the file named by {@code -Djab.process.parentMemory}: the JDK's
 * feature version, the benchmark, touchedHeapMb, and VmRSS in MiB, tab-separated.
 */
public final class ParentMemory {
    public static final String FILE_PROPERTY = "jab.process.parentMemory";

    private ParentMemory() {
    }

    /** Records this fork's resident memory now, for a FORK trial; nothing for other mechanisms. */
    static void recordForFork(String mechanism, String benchmark, int touchedHeapMb) {
        String file = System.getProperty(FILE_PROPERTY, "");
        if (!"FORK".equals(mechanism) || file.isEmpty()) {
            return;
        }
        try {
            long rss = residentMib();
            String line = System.getProperty("java.specification.version") + "\t" + benchmark + "\t" + touchedHeapMb
                    + "\t" + rss + "\n";
            Files.write(Paths.get(file), line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException | RuntimeException e) {
            System.err.println("jab: could not record the fork's resident memory in " + file + ": " + e);
        }
    }

    /** VmRSS of this process, MiB (Linux /proc; the FORK floor is a Linux measurement). */
    static long residentMib() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) >> 10;
            }
        }
        throw new IOException("no VmRSS in /proc/self/status");
    }
}
