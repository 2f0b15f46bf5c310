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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.bench.mmap.WriteStrategy;
import jab.harness.ConsoleWidth;
import jab.harness.Jab;
import jab.harness.JabRunner;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;
import jab.harness.trace.SyscallCount;
import jab.mmap.jruby.RubyWriteStrategy;

/**
 * {@code jab run mmap --profile smoke} in process, read back from disk; the JRuby call-cost benchmark on
 * every installed JDK; and the refusals before any work.
 */
class MmapRunEndToEndTest {
    @TempDir
    Path tmp;

    @Test
    void smokeRunMeasuresEveryStrategyAndChunkSizeAndLeavesNoFile() throws IOException {
        Path data = Files.createDirectories(tmp.resolve("data"));
        Path out = Files.createDirectories(tmp.resolve("out"));
        JabRunner jab = JabRunner.run("run", "mmap", "--profile", "smoke", "--dir", data.toString(), "--out", out.toString());
        assertThat(jab.exitCode).as(jab.out + jab.err).isZero();
        ConsoleWidth.assertFits(jab.out);

        Path runDir = onlyRunIn(out);
        RunResults run = RunResults.read(runDir);
        List<BenchResult> jmh = run.allJmh();
        for (String chunk : new String[] {"1024", "4096", "16384"}) {
            for (String s : WriteStrategy.EVERY_JDK) {
                assertThat(jmh).as(s + " " + chunk).anyMatch(r -> s.equals(r.param("strategy")) && chunk.equals(r.param("chunkSize"))
                        && "4194304".equals(r.param("totalBytes")) && "false".equals(r.param("force")) && r.score() > 0);
            }
            for (RubyWriteStrategy s : RubyWriteStrategy.values()) {
                assertThat(jmh).as(s + " " + chunk).anyMatch(r -> s.name().equals(r.param("rubyStrategy"))
                        && chunk.equals(r.param("chunkSize")) && r.score() > 0 && r.mode().equals("ss"));
                assertThat(jmh).as(s + " " + chunk + " call cost").anyMatch(r -> r.benchmark().equals(CallCostSection.CALL_COST)
                        && s.name().equals(r.param("rubyStrategy")) && chunk.equals(r.param("chunkSize")) && r.score() > 0
                        && r.mode().equals("avgt"));
            }
            for (String m : new String[] {"native.mmap.write", "native.mmap.mmap_memcpy"}) {
                assertThat(run.baselines()).as(m + " " + chunk).anyMatch(r -> r.benchmark().equals(m)
                        && chunk.equals(r.param("chunkSize")) && r.score() > 0);
            }
        }
        String summary = Files.readString(runDir.resolve("summary.md"));
        assertThat(summary).contains("## mmap: sequential writes", "chunkSize=16384", "| C method (processes of their own) |", "| C mmap_memcpy |", "seed 004's order",
                "the writer's goal", "(not a measured ratio)",
                "C partner", "JVM tax", "chunkSize=16384: call cost", "the extension is faster than the Java class, safe (3 vs 4)");
        // the C methods ran in processes of their own: no ratio with a test is drawn against them
        assertThat(summary).doesNotContain("Mann-Whitney").doesNotContain("| native ");
        if (SyscallCount.strace().isPresent()) {
            // each strategy's partner comes from the run's own trace of it: none per chunk, one write, or neither
            assertThat(summary).contains("Traced per chunk", "jab mapped writer (JAB_MAPPED_WRITER), 4 KiB chunks: 0 syscalls per chunk written");
            String jdk = run.jdkIds().get(0);
            assertThat(partner(run, jdk, "JAB_MAPPED_WRITER", "1024")).contains(MmapPartners.MMAP);
            assertThat(partner(run, jdk, "RANDOM_ACCESS_FILE", "4096")).contains(MmapPartners.WRITE);
            assertThat(partner(run, jdk, "BUFFERED_OUTPUT_STREAM", "1024")).as("8 KiB writes per 8 chunks: no C floor").isEmpty();
            assertThat(partner(run, jdk, "BUFFERED_OUTPUT_STREAM", "16384")).contains(MmapPartners.WRITE);
        } else {
            assertThat(run.notes()).anyMatch(n -> n.contains("no syscall trace"));
        }
        assertWriteFloorIsAVariant(runDir);
        try (Stream<Path> left = Files.walk(data)) {
            assertThat(left.filter(p -> !p.equals(data)).collect(Collectors.toList())).isEmpty();
        }
    }

    /**
     * The Java write strategies' question interleaves write(2) made from the fork (JNI) as a variant:
     * each strategy gets a ratio to it measured in the same forks.
     */
    private static void assertWriteFloorIsAVariant(Path runDir) throws IOException {
        JsonNode doc = new ObjectMapper().readTree(runDir.resolve("comparisons.json").toFile());
        JsonNode q = null;
        for (JsonNode c : doc.path("questions")) {
            if (c.path("question").asText().startsWith("which Java write strategy") && !c.path("forks").isEmpty()) {
                q = c;
            }
        }
        assertThat(q).as("an interleaved case of the Java write strategies").isNotNull();
        assertThat(q.path("variants").toString()).contains("\"syscall:write\"");
        boolean floorRatio = false;
        for (JsonNode r : q.path("ratios")) {
            floorRatio |= (r.path("a").asText().equals("syscall:write") || r.path("b").asText().equals("syscall:write"))
                    && r.path("ratio").asDouble() > 0;
        }
        assertThat(floorRatio).as("a strategy's ratio to write(2) from the fork: " + q.path("ratios")).isTrue();
    }

    private static java.util.Optional<String> partner(RunResults run, String jdk, String strategy, String chunk) {
        BenchResult r = run.jmh(jdk).stream().filter(x -> x.benchmark().equals(MmapSection.JAVA) && strategy.equals(x.param("strategy"))
                && chunk.equals(x.param("chunkSize"))).findFirst().orElseThrow();
        return MmapPartners.of(run, jdk, r);
    }

    @Test
    void jrubyCallCostRunsInSteadyStateOnEveryJdkWithBytesAllocatedPerCall() throws IOException {
        Path data = Files.createDirectories(tmp.resolve("data"));
        Path out = Files.createDirectories(tmp.resolve("out"));
        int rc = Jab.execute("run", "JRubyCallCost", "--profile", "smoke", "--jdk", "all", "-p", "chunkSize=1024",
                "-p", "rubyStrategy=EXT_MMAP_UNSAFE,JAVA_MMAP_AUTOBOXING", "--dir", data.toString(), "--out", out.toString());
        assertThat(rc).isZero();
        Path runDir = onlyRunIn(out);
        RunResults run = RunResults.read(runDir);
        List<String> jdks = JdkSelector.select("all", new JdkDiscovery()).stream().map(Jdk::id).collect(Collectors.toList());
        assertThat(run.jdkIds()).containsExactlyInAnyOrderElementsOf(jdks);
        for (String jdk : jdks) {
            List<BenchResult> rs = RunResults.filter(run.jmh(jdk), r -> r.benchmark().equals(CallCostSection.CALL_COST));
            assertThat(rs).as("JDK " + jdk).hasSize(2).allSatisfy(r -> {
                assertThat(r.mode()).isEqualTo("avgt");
                assertThat(r.score()).isPositive();
                assertThat(r.samples()).isEqualTo(5); // smoke's iterations, one solo fork
            });
            // JMH's GC profiler: autoboxing decodes the String and encodes it again (two 1 KiB copies
            // at least); the unsafe extension hands over the String's own array.
            double autoboxing = allocatedPerCall(runDir, jdk, "JAVA_MMAP_AUTOBOXING");
            double unsafe = allocatedPerCall(runDir, jdk, "EXT_MMAP_UNSAFE");
            assertThat(autoboxing).as("JDK " + jdk + " autoboxing B/op").isGreaterThanOrEqualTo(2048);
            assertThat(unsafe).as("JDK " + jdk + " unsafe extension B/op").isLessThan(1024);
        }
        String summary = Files.readString(runDir.resolve("summary.md"));
        assertThat(summary).contains("JRuby call cost and seed 004's claims", "is about 6x faster than autoboxing (7)");
        assertThat(summary).containsPattern("\\| (holds|does not hold|cannot tell)[^|]* \\| [0-9.]+x ");
        try (Stream<Path> left = Files.walk(data)) {
            assertThat(left.filter(p -> !p.equals(data)).collect(Collectors.toList())).isEmpty();
        }
    }

    private static double allocatedPerCall(Path runDir, String jdk, String strategy) throws IOException {
        JsonNode all = new ObjectMapper().readTree(runDir.resolve("jmh-" + jdk + ".json").toFile());
        for (JsonNode r : all) {
            if (r.path("benchmark").asText().equals(CallCostSection.CALL_COST)
                    && r.path("params").path("rubyStrategy").asText().equals(strategy)) {
                return r.path("secondaryMetrics").path("gc.alloc.rate.norm").path("score").asDouble(Double.NaN);
            }
        }
        throw new AssertionError("no " + strategy + " result in jmh-" + jdk + ".json");
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

    private static Path onlyRunIn(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }
}
