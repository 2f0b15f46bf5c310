package jab.harness.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.JabRunner;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.results.Comparisons;
import jab.harness.results.RunResults;

/**
 * {@code jab run --benchmarks HEAD --baseline BASE} on two builds of a tiny benchmark whose head does
 * twice the work (so two smoke forks decide it), and {@code --baseline-jvm-args} on one build.
 */
class BaselineRunTest {
    @TempDir
    static Path work;

    static Path base;
    static Path head;

    /** A benchmark burning {@code tokens} of Blackhole.consumeCPU per call; with {@code extra}, a second benchmark. */
    private static String source(int tokens, boolean extra) {
        return String.join("\n",
                "package demo;",
                "import org.openjdk.jmh.annotations.*;",
                "import org.openjdk.jmh.infra.Blackhole;",
                "@State(Scope.Thread) @BenchmarkMode(Mode.AverageTime)",
                "public class WorkBenchmark {",
                "    @Benchmark public void work() { Blackhole.consumeCPU(" + tokens + "); }",
                extra ? "    @Benchmark public void added() { Blackhole.consumeCPU(10); }" : "",
                "}");
    }

    @BeforeAll
    static void buildTwoBuilds() throws Exception {
        base = DemoJar.build(work, "WorkBenchmark", source(200, false), "base.jar", true);
        head = DemoJar.build(work, "WorkBenchmark", source(400, true), "head.jar", true);
    }

    @Test
    void aHeadDoingTwiceTheWorkIsSlowerInEachInterleavedForkAndFailsTheGate(@TempDir Path out) throws Exception {
        JabRunner r = JabRunner.run("run", "--benchmarks", head.toString(), "--baseline", base.toString(), "--profile", "smoke", "-f", "3",
                "--fail-on-regression", "1%", "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isEqualTo(1);
        assertThat(r.out).contains("demo.WorkBenchmark.added (avgt): in the head (head.jar) only, not measured",
                "regression: head against base, WorkBenchmark.work, JDK");
        Path run = r.resultsDir();
        Comparisons doc = RunResults.read(run).document(Comparisons.NAME, Comparisons.class).orElseThrow();
        assertThat(doc.questions()).hasSize(1);
        Comparisons.Asked q = doc.questions().get(0);
        assertThat(q.variants()).containsExactly("base", "head");
        assertThat(q.notInterleaved()).isEmpty();
        // three forks: with two, t = 12.7 and a CI runner's noise can stretch even a 1.9x ratio's interval across 1
        assertThat(q.forks()).hasSize(3).allSatisfy(f -> assertThat(f.rounds()).allSatisfy(
                round -> assertThat(round.order()).containsExactlyInAnyOrder("base", "head")));
        Comparisons.Ratio ratio = q.ratios().get(0);
        assertThat(ratio.a()).isEqualTo("head");
        assertThat(ratio.low()).isGreaterThan(1.01);
        assertThat(RunResults.read(run).jmh(q.jdk())).as("no solo forks: each build's score is its interleaved one").isEmpty();
        String summary = Files.readString(run.resolve("summary.md"));
        assertThat(summary).contains("# Head against base", "| Benchmark | JDK | base | head | head/base | 95% interval | verdict |",
                "| head against base, WorkBenchmark.work |", "(3 forks) | slower |");

        JabRunner export = JabRunner.run("export", run.toString(), "--format", "github-action-benchmark");
        assertThat(export.exitCode).as(export.out + export.err).isZero();
        JsonNode ratios = new ObjectMapper().readTree(run.resolve("export/github-action-benchmark-ratios.json").toFile());
        assertThat(ratios.get(0).path("name").asText()).startsWith("demo.WorkBenchmark.work (JDK ");
        assertThat(ratios.get(0).path("value").asDouble()).isEqualTo(ratio.ratio());
    }

    @Test
    void oneBuildUnderTwoSetsOfJvmOptionsAlternatesPairsOfForks(@TempDir Path out) throws Exception {
        JabRunner r = JabRunner.run("run", "--benchmarks", base.toString(), "--jvm-args", "-XX:+UseSerialGC", "--baseline-jvm-args",
                "-XX:+UseParallelGC", "--profile", "smoke", "-f", "2", "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        Comparisons.Asked q = RunResults.read(r.resultsDir()).document(Comparisons.NAME, Comparisons.class).orElseThrow().questions().get(0);
        assertThat(q.notInterleaved()).contains("other JVM options");
        assertThat(q.forks()).hasSize(2);
        List<List<String>> orders = q.forks().stream().map(f -> f.rounds().get(0).order()).toList();
        assertThat(orders).containsExactlyInAnyOrder(List.of("base", "head"), List.of("head", "base"));
        assertThat(q.forks()).allSatisfy(f -> assertThat(f.rounds()).hasSize(2)); // smoke: 2 JMH iterations per JVM, paired
        String log = Files.readString(r.resultsDir().resolve("jmh-" + q.jdk() + ".log"));
        assertThat(log).contains("-XX:+UseSerialGC", "-XX:+UseParallelGC");
        assertThat(Files.readString(r.resultsDir().resolve("summary.md"))).contains("(fork-level)");
    }

    @Test
    void oneBuildOnTwoJdksAlternatesPairsOfForks(@TempDir Path out) throws Exception {
        Jdk running = JdkDiscovery.current();
        Optional<Jdk> other = new JdkDiscovery().discover().stream().filter(j -> j.feature() != running.feature() && j.feature() >= 17)
                .findFirst();
        Assumptions.assumeTrue(other.isPresent(), "a second JDK (17 or later) is installed");
        JabRunner r = JabRunner.run("run", "--benchmarks", base.toString(), "--baseline-jdk", other.get().home().toString(),
                "--profile", "smoke", "-f", "2", "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        Comparisons.Asked q = RunResults.read(r.resultsDir()).document(Comparisons.NAME, Comparisons.class).orElseThrow().questions().get(0);
        assertThat(q.notInterleaved()).contains("a JVM is one JDK");
        assertThat(q.forks()).hasSize(2);
        String log = Files.readString(r.resultsDir().resolve("jmh-" + q.jdk() + ".log"));
        assertThat(log).contains(running.home().toString(), other.get().home().toString());
        assertThat(Files.readString(r.resultsDir().resolve("summary.md"))).contains("(fork-level)",
                "on the JDK in " + other.get().home());
        JabRunner missing = JabRunner.run("run", "--benchmarks", base.toString(), "--baseline-jdk", "99", "--out", out.toString());
        assertThat(missing.exitCode).isEqualTo(2);
        assertThat(missing.err).contains("99");
    }

    /**
     * Builds whose class can be initialised once per JVM, as a native library can be loaded by one
     * class loader only: their interleaved fork fails, and they are measured in pairs of forks instead.
     */
    @Test
    void buildsThatCannotShareAJvmAreMeasuredInPairsOfForks(@TempDir Path out) throws Exception {
        String once = String.join("\n",
                "package demo;",
                "import org.openjdk.jmh.annotations.*;",
                "@State(Scope.Thread)",
                "public class OnceBenchmark {",
                "    static { if (System.getProperty(\"demo.once\") != null) throw new IllegalStateException(\"loaded twice\");",
                "             System.setProperty(\"demo.once\", \"loaded\"); }",
                "    @Benchmark public int work() { return 42; }",
                "}");
        Path a = DemoJar.build(work, "OnceBenchmark", once, "once-a.jar", true);
        Path b = DemoJar.build(work, "OnceBenchmark", once, "once-b.jar", true);
        JabRunner r = JabRunner.run("run", "--benchmarks", b.toString(), "--baseline", a.toString(), "--profile", "smoke", "-f", "2",
                "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        assertThat(r.out).contains("their interleaved fork failed", "measured in pairs of forks instead");
        Comparisons.Asked q = RunResults.read(r.resultsDir()).document(Comparisons.NAME, Comparisons.class).orElseThrow().questions().get(0);
        assertThat(q.notInterleaved()).contains("their interleaved fork failed");
        assertThat(q.detail("head").unit()).as("a throughput benchmark compared on its time per operation").endsWith("/op");
        assertThat(q.forks()).hasSize(2);
    }

    @Test
    void aBaselineThatIsNoJarNorDirectoryIsRefusedBeforeAnythingRuns(@TempDir Path out) throws Exception {
        Path text = Files.writeString(work.resolve("hostname"), "not a jar\n");
        JabRunner r = JabRunner.run("run", "--benchmarks", head.toString(), "--baseline", text.toString(), "--out", out.toString());
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("--baseline " + text, "neither a jar nor a directory");
        assertThat(out).isEmptyDirectory();
        JabRunner gate = JabRunner.run("run", "--benchmarks", head.toString(), "--fail-on-regression", "1%");
        assertThat(gate.exitCode).isEqualTo(2);
        assertThat(gate.err).contains("--fail-on-regression needs a base");
        assertThat(JabRunner.run("run", "fs", "--baseline", base.toString()).err).contains("give the head with --benchmarks");
    }
}
