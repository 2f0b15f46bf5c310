package jab.harness.mmap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.bench.mmap.WriteStrategy;
import jab.harness.Jab;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;
import jab.mmap.jruby.RubyWriteStrategy;

/** {@code jab run mmap --profile smoke} in process, read back from disk; and the refusals before any work. */
class MmapRunEndToEndTest {
    @TempDir
    Path tmp;

    @Test
    void smokeRunMeasuresEveryStrategyAndChunkSizeAndLeavesNoFile() throws IOException {
        Path data = Files.createDirectories(tmp.resolve("data"));
        Path out = Files.createDirectories(tmp.resolve("out"));
        int rc = Jab.execute("run", "mmap", "--profile", "smoke", "--dir", data.toString(), "--out", out.toString());
        assertThat(rc).isZero();

        Path runDir;
        try (Stream<Path> s = Files.list(out)) {
            runDir = s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        RunResults run = RunResults.read(runDir);
        List<BenchResult> jmh = run.allJmh();
        for (String chunk : new String[] {"1024", "4096", "16384"}) {
            for (String s : WriteStrategy.EVERY_JDK) {
                assertThat(jmh).as(s + " " + chunk).anyMatch(r -> s.equals(r.param("strategy")) && chunk.equals(r.param("chunkSize"))
                        && "4194304".equals(r.param("totalBytes")) && "false".equals(r.param("force")) && r.score() > 0);
            }
            for (RubyWriteStrategy s : RubyWriteStrategy.values()) {
                assertThat(jmh).as(s + " " + chunk).anyMatch(r -> s.name().equals(r.param("rubyStrategy"))
                        && chunk.equals(r.param("chunkSize")) && r.score() > 0);
            }
            for (String m : new String[] {"native.mmap.write", "native.mmap.mmap_memcpy"}) {
                assertThat(run.baselines()).as(m + " " + chunk).anyMatch(r -> r.benchmark().equals(m)
                        && chunk.equals(r.param("chunkSize")) && r.score() > 0);
            }
        }
        String summary = Files.readString(runDir.resolve("summary.md"));
        assertThat(summary).contains("## mmap: sequential writes", "chunkSize=16384", "native mmap_memcpy", "seed 004's order", "jab writer: ", "medians ");
        try (Stream<Path> left = Files.walk(data)) {
            assertThat(left.filter(p -> !p.equals(data)).collect(Collectors.toList())).isEmpty();
        }
    }

    @Test
    void badSizesAndTotalsBeyondTheFreeSpaceAreRefusedWithExit2() throws IOException {
        Path data = Files.createDirectories(tmp.resolve("data"));
        assertRefused("chunk", "-p", "chunkSize=0", "--dir", data.toString());
        assertRefused("file size", "-p", "totalBytes=-5", "--dir", data.toString());
        assertRefused("whole number", "-p", "totalBytes=lots", "--dir", data.toString());
        assertRefused("space", "-p", "totalBytes=1125899906842624", "--dir", data.toString());
        assertRefused("unknown", "-p", "rubyStrategy=PERL", "--dir", data.toString());
        if (Runtime.version().feature() < 22) {
            assertRefused("JDK 22", "-p", "strategy=MAPPED_MEMORY_SEGMENT", "--dir", data.toString());
        }
        try (Stream<Path> left = Files.list(data)) {
            assertThat(left.count()).isZero();
        }
    }

    private void assertRefused(String message, String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(buf, true, StandardCharsets.UTF_8);
        int rc;
        try {
            System.setOut(capture);
            System.setErr(capture);
            String[] all = Stream.concat(Stream.of("run", "mmap", "--profile", "smoke", "--out", tmp.toString()), Stream.of(args))
                    .toArray(String[]::new);
            rc = Jab.execute(all);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertThat(rc).as(String.join(" ", args) + ": " + buf).isEqualTo(2);
        assertThat(buf.toString(StandardCharsets.UTF_8)).containsIgnoringCase(message);
    }
}
