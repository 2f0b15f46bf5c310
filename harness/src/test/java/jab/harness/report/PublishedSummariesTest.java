package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.JabHome;
import jab.harness.JabRunner;

/**
 * summary.md is a function of the run directory: {@code jab summary} on a copy of every published run
 * in results/ (format 1 and later) writes its summary.md byte for byte.
 */
class PublishedSummariesTest {
    @TempDir
    Path tmp;

    @Test
    void everyPublishedRunRebuildsItsSummary() throws IOException {
        for (Path run : publishedRuns()) {
            Path copy = Files.createDirectories(tmp.resolve(run.getFileName().toString()));
            try (Stream<Path> files = Files.list(run)) {
                for (Path f : files.toList()) {
                    if (!f.getFileName().toString().equals("summary.md")) {
                        Files.copy(f, copy.resolve(f.getFileName()));
                    }
                }
            }
            JabRunner r = JabRunner.run("summary", copy.toString());
            assertThat(r.exitCode).as(run + ": " + r.err).isZero();
            assertThat(Files.readString(copy.resolve("summary.md"))).as(run.toString())
                    .isEqualTo(Files.readString(run.resolve("summary.md")));
        }
    }

    /** The run directories in results/, oldest first; there is at least one. */
    static List<Path> publishedRuns() throws IOException {
        List<Path> runs;
        try (Stream<Path> dirs = Files.list(JabHome.get().resolve("results"))) {
            runs = dirs.filter(d -> Files.isRegularFile(d.resolve("env.json"))).sorted().toList();
        }
        assertThat(runs).isNotEmpty();
        return runs;
    }

    @Test
    void aDirectoryThatIsNotARunIsRefused() {
        JabRunner r = JabRunner.run("summary", tmp.toString());
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("is not a jab run directory");
    }
}
