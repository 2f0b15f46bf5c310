package jab.harness.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the FORK forks recorded of their size ({@link jab.bench.process.ParentMemory}): per JDK,
 * benchmark and touchedHeapMb the largest resident set any of its forks had, so FORK's C floor forks
 * from a parent at least as large. The forks append to one file in the run's work dir.
 */
final class ParentMemoryRecords {
    static final String FORKS_FILE = "process-parent-memory.tsv";

    /** One JVM parent: its JDK's feature version ("17"), benchmark simple name, touchedHeapMb, resident MiB. */
    record Parent(String jdkFeature, String benchmark, int touchedHeapMb, long residentMib) {
    }

    private ParentMemoryRecords() {
    }

    static List<Parent> read(Path workDir) throws IOException {
        Path f = workDir.resolve(FORKS_FILE);
        return Files.isRegularFile(f) ? parse(Files.readAllLines(f, StandardCharsets.UTF_8)) : List.of();
    }

    /** Lines of feature TAB benchmark TAB touchedHeapMb TAB MiB; the largest MiB per parent, in first-seen order. */
    static List<Parent> parse(List<String> lines) {
        Map<String, Parent> largest = new LinkedHashMap<>();
        for (String line : lines) {
            String[] c = line.split("\t");
            if (c.length != 4) {
                continue; // a fork killed mid-write leaves a partial line: no figure, no floor
            }
            try {
                Parent p = new Parent(c[0], c[1], Integer.parseInt(c[2]), Long.parseLong(c[3]));
                largest.merge(c[0] + "\t" + c[1] + "\t" + c[2], p, (a, b) -> a.residentMib() >= b.residentMib() ? a : b);
            } catch (NumberFormatException e) {
                // same: a partial line
            }
        }
        return new ArrayList<>(largest.values());
    }
}
