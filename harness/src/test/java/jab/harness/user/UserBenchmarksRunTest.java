package jab.harness.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.JabRunner;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.results.BenchResult;
import jab.harness.results.Comparisons;
import jab.harness.results.RunResults;

/** {@code jab run --benchmarks JAR}: a user's JMH jar built here, run on two JDKs, compared and reported; its bad input. */
class UserBenchmarksRunTest {
    @TempDir
    static Path work;

    static Path jar;

    @BeforeAll
    static void buildJar() throws Exception {
        jar = DemoJar.build(work, true);
    }

    /** The two oldest JDKs found, one per feature version (CI adds 11 to 17 and 25). */
    private static List<Jdk> twoJdks() {
        List<Jdk> all = JdkSelector.select("all", new JdkDiscovery());
        assertThat(all).as("the end-to-end tests need two JDKs").hasSizeGreaterThanOrEqualTo(2);
        return all.stream().sorted(java.util.Comparator.comparingInt(Jdk::feature)).limit(2).toList();
    }

    @Test
    void listsTheJarsBenchmarks() {
        JabRunner r = JabRunner.run("list", "--benchmarks", jar.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        assertThat(r.out).contains("user: JMH benchmarks of", "demo.ConcatBenchmark.join", "parts=2,16");
    }

    @Test
    void runsOnTwoJdksWithJmhOptionsAndTheGcProfilerThenComparesAndReports(@TempDir Path out, @TempDir Path dir) throws Exception {
        List<Jdk> jdks = twoJdks();
        String spec = jdks.get(0).id() + "," + jdks.get(1).id();
        JabRunner r = JabRunner.run("run", "--benchmarks", jar.toString(), "--profile", "smoke", "--jdk", spec, "-i", "3",
                "-p", "parts=2,16", "--prof", "gc", "--dir", dir.toString(), "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        Path run = r.resultsDir();
        RunResults results = RunResults.read(run);
        assertThat(results.jdkIds()).containsExactlyInAnyOrderElementsOf(jdks.stream().map(Jdk::id).toList());
        for (String id : results.jdkIds()) {
            List<BenchResult> rs = results.jmh(id);
            assertThat(rs).extracting(BenchResult::benchmark).containsOnly("demo.ConcatBenchmark.join").hasSize(2);
            assertThat(rs).allSatisfy(b -> {
                assertThat(b.score()).isFinite().isPositive();
                assertThat(b.samples()).isEqualTo(3); // -i 3 over the smoke profile's 2, one fork
                assertThat(b.secondary("gc.alloc.rate.norm")).isPresent();
            });
        }
        JsonNode env = new ObjectMapper().readTree(run.resolve("env.json").toFile());
        assertThat(env.path("run").path("families").get(0).asText()).isEqualTo(UserFamily.NAME);
        assertThat(env.path("run").path("profilers").get(0).asText()).isEqualTo("gc");
        assertThat(env.path("host").asText()).isNotEmpty();
        assertThat(Files.readString(run.resolve("summary.md"))).contains("B/op", "ConcatBenchmark.join");

        JabRunner cmp = JabRunner.run("compare", run.toString(), "--by", "jdk");
        assertThat(cmp.exitCode).as(cmp.out + cmp.err).isZero();
        assertThat(cmp.out).contains("ConcatBenchmark.join");
        Path report = out.resolve("report");
        JabRunner rep = JabRunner.run("report", run.toString(), "--out", report.toString());
        assertThat(rep.exitCode).as(rep.out + rep.err).isZero();
        assertThat(Files.readString(report.resolve("report.html"))).contains("ConcatBenchmark", "B/op");
    }

    /**
     * A question whose values cannot share a fork (two benchmark threads: an interleaved fork drives
     * one) is measured in replicates: a fork of each value back to back, the next replicate in the
     * other order, so a machine that drifts during the run moves both values alike; each value's forks
     * merge into one result, and the ratio is fork-level.
     */
    @Test
    void valuesThatCannotShareAForkAreMeasuredInReplicatesMergedIntoOneResultEach(@TempDir Path out, @TempDir Path dir) throws Exception {
        Jdk jdk = twoJdks().get(0);
        JabRunner r = JabRunner.run("run", "--benchmarks", jar.toString(), "--profile", "smoke", "--jdk", jdk.id(), "-f", "2",
                "-i", "2", "-t", "2", "-p", "parts=2,16", "--dir", dir.toString(), "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        Path run = r.resultsDir();
        List<BenchResult> rs = RunResults.read(run).jmh(jdk.id());
        assertThat(rs).hasSize(2).allSatisfy(b -> {
            assertThat(b.rawData()).hasSize(2); // both forks, in one result
            assertThat(b.samples()).isEqualTo(4);
        });
        List<String> order = Files.readAllLines(run.resolve("jmh-" + jdk.id() + ".log")).stream()
                .filter(l -> l.startsWith("# Parameters:")).toList();
        // two replicates of a fork per value, back to back, the second in the other order than the first
        assertThat(order).hasSize(4);
        assertThat(order.get(0)).isNotEqualTo(order.get(1));
        assertThat(order.subList(2, 4)).containsExactly(order.get(1), order.get(0));
        assertThat(r.out).contains("fork-level, not interleaved (-t 2: an interleaved fork drives one benchmark thread)");
    }

    /**
     * A param given several values is a question: its values share each fork, slice after slice in a
     * random order, and each also gets a solo fork; comparisons.json keeps every slice, and the ratio
     * jab gives is the mean over forks of each fork's mean log-ratio.
     */
    @Test
    void aParamGivenSeveralValuesIsAQuestionWhoseValuesShareEachFork(@TempDir Path out, @TempDir Path dir) throws Exception {
        Jdk jdk = twoJdks().get(0);
        JabRunner r = JabRunner.run("run", "--benchmarks", jar.toString(), "--profile", "smoke", "--jdk", jdk.id(), "-f", "2",
                "-p", "parts=2,16", "--dir", dir.toString(), "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        Path run = r.resultsDir();
        assertThat(RunResults.read(run).jmh(jdk.id())).hasSize(2).allSatisfy(b -> assertThat(b.rawData()).hasSize(1)); // solo
        Comparisons doc = RunResults.read(run).document(Comparisons.NAME, Comparisons.class).orElseThrow();
        assertThat(doc.formatVersion()).isEqualTo(Comparisons.FORMAT_VERSION);
        Comparisons.Asked q = doc.questions().get(0);
        assertThat(q.question()).isEqualTo("which parts for ConcatBenchmark.join");
        assertThat(q.variants()).containsExactly("2", "16");
        assertThat(q.forks()).hasSize(2).allSatisfy(f -> assertThat(f.rounds()).hasSize(10).allSatisfy(round -> {
            assertThat(round.order()).containsExactlyInAnyOrder("2", "16");
            assertThat(round.scores()).allSatisfy(x -> assertThat(x).isPositive());
        }));
        assertThat(q.forks().stream().flatMap(f -> f.rounds().stream()).map(Comparisons.Round::order).distinct()).hasSize(2);
        Comparisons.Ratio ratio = q.ratios().get(0);
        double sum = 0;
        for (Comparisons.Fork f : q.forks()) {
            sum += f.rounds().stream().mapToDouble(x -> Math.log(x.scores().get(x.order().indexOf("16")) / x.scores().get(x.order().indexOf("2"))))
                    .average().orElseThrow();
        }
        assertThat(ratio.a()).isEqualTo("16");
        assertThat(ratio.ratio()).isCloseTo(Math.exp(sum / 2), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(ratio.forks()).isEqualTo(2);
        assertThat(r.out).contains("which parts for ConcatBenchmark.join, JDK " + jdk.id() + ":");
        assertThat(Files.readString(run.resolve("summary.md"))).contains("## Answers", "solo:");
    }

    /**
     * An interleaved fork runs every variant's slices on one thread: threads woken for each slice land
     * on whichever vCPU the scheduler picks, and a cloud VM's vCPUs run at different speeds at a time
     * (docs/measurements.md). The benchmark logs its fork's process and thread id at each slice's set-up.
     */
    @Test
    void anInterleavedForkRunsEveryVariantOnOneThread(@TempDir Path out, @TempDir Path dir, @TempDir Path tmp) throws Exception {
        String source = String.join("\n",
                "package demo;",
                "import org.openjdk.jmh.annotations.*;",
                "@State(Scope.Thread)",
                "public class ThreadBenchmark {",
                "    @Param({\"a\", \"b\", \"c\"}) String variant;",
                "    @Setup(Level.Iteration) public void log() throws Exception {",
                "        if (!System.getProperty(\"sun.java.command\", \"\").contains(\"InterleavedFork\")) return;",
                "        String line = ProcessHandle.current().pid() + \" \" + Thread.currentThread().getId() + \" \" + variant + \"\\n\";",
                "        java.nio.file.Files.writeString(java.nio.file.Path.of(System.getProperty(\"threads.log\")), line,",
                "                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);",
                "    }",
                "    @Benchmark public String benchmark() { return variant; }",
                "}");
        Path threads = DemoJar.build(tmp, "ThreadBenchmark", source, "threads.jar", true);
        Path log = tmp.resolve("threads.log");
        Jdk jdk = twoJdks().get(0);
        JabRunner r = JabRunner.run("run", "--benchmarks", threads.toString(), "--profile", "smoke", "--jdk", jdk.id(), "-f", "2",
                "-p", "variant=a,b,c", "--jvm-args", "-Dthreads.log=" + log, "--dir", dir.toString(), "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        Map<String, Set<String>> threadsOfFork = new TreeMap<>();
        Map<String, Set<String>> variantsOfFork = new TreeMap<>();
        for (String line : Files.readAllLines(log)) {
            String[] f = line.split(" ");
            threadsOfFork.computeIfAbsent(f[0], k -> new TreeSet<>()).add(f[1]);
            variantsOfFork.computeIfAbsent(f[0], k -> new TreeSet<>()).add(f[2]);
        }
        assertThat(variantsOfFork).as("interleaved forks and the variants they ran").hasSize(2)
                .allSatisfy((pid, vs) -> assertThat(vs).containsExactly("a", "b", "c"));
        assertThat(threadsOfFork).allSatisfy((pid, ids) -> assertThat(ids).as("threads of fork " + pid).hasSize(1));
    }

    /** A budget spent by the first forks leaves the goal's forks out, and the run says so with the time they need. */
    @Test
    void aBudgetSpentBeforeThePrecisionGoalIsWarnedAbout(@TempDir Path out, @TempDir Path dir) throws Exception {
        Jdk jdk = twoJdks().get(0);
        // the default profile (smoke allows no added forks), made short: 2 forks of 2 iterations of 100 ms
        JabRunner r = JabRunner.run("run", "--benchmarks", jar.toString(), "--jdk", jdk.id(), "-f", "2", "-wi", "1", "-w", "100ms",
                "-i", "2", "-r", "100ms", "-p", "parts=2", "--precision", "0.01%", "--budget", "1s", "--dir", dir.toString(),
                "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        JsonNode refinement = new ObjectMapper().readTree(r.resultsDir().resolve("env.json").toFile()).path("run").path("refinement");
        assertThat(refinement.path("forksAdded").asInt(-1)).isZero();
        assertThat(refinement.path("resultsShortOfTime").asInt()).isEqualTo(1);
        assertThat(refinement.path("moreSecondsWanted").asLong()).isPositive();
        assertThat(r.out).contains("budget spent: the run: its budget of 1 s was spent before any fork for the precision goal");
        assertThat(Files.readString(r.resultsDir().resolve("summary.md"))).contains("budget spent");
    }

    /**
     * A question whose solo round the budget has no time for keeps its JDK and its variants: the JDK's
     * JMH file is there from the start (empty: every fork was interleaved), and the tables score both
     * values over their interleaved forks.
     */
    @Test
    void aQuestionWithoutSoloForksStillHasItsJdkAndItsTable(@TempDir Path out, @TempDir Path dir) throws Exception {
        Jdk jdk = twoJdks().get(0);
        JabRunner r = JabRunner.run("run", "--benchmarks", jar.toString(), "--jdk", jdk.id(), "-f", "2", "-wi", "1", "-w", "100ms",
                "-i", "2", "-r", "100ms", "-p", "parts=2,16", "--budget", "1s", "--dir", dir.toString(), "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        Path run = r.resultsDir();
        JsonNode jmh = new ObjectMapper().readTree(run.resolve("jmh-" + jdk.id() + ".json").toFile());
        assertThat(jmh.isArray() && jmh.isEmpty()).as(jmh.toString()).isTrue();
        RunResults results = RunResults.read(run);
        assertThat(results.jdkIds()).containsExactly(jdk.id());
        assertThat(results.jmh(jdk.id())).isEmpty();
        assertThat(r.out).contains("no solo forks: the budget had no time");
        String summary = Files.readString(run.resolve("summary.md"));
        assertThat(summary).contains("# VM version: JDK " + jdk.id());
        // the JDK's table: a row per value, scored over the question's two forks ("±1.8%" or "±28%")
        assertThat(summary.lines().filter(l -> l.matches("ConcatBenchmark\\.join +(2|16) +thrpt .* 2 +±\\d+(\\.\\d)?%"))).as(summary).hasSize(2);
    }

    @Test
    void aPathThatIsNoJarNorDirectoryIsRefused(@TempDir Path tmp) throws Exception {
        Path text = Files.writeString(tmp.resolve("hostname"), "not a jar\n");
        JabRunner r = JabRunner.run("run", "--benchmarks", text.toString(), "--profile", "smoke");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("neither a jar nor a directory");
        assertThat(JabRunner.run("list", "--benchmarks", tmp.resolve("none.jar").toString()).err).contains("no such file");
    }

    @Test
    void aJarWithoutBenchmarkListIsRefused(@TempDir Path tmp) throws Exception {
        Path nolist = DemoJar.build(tmp, false);
        JabRunner r = JabRunner.run("run", "--benchmarks", nolist.toString(), "--profile", "smoke");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("META-INF/BenchmarkList", "annotation processor");
    }

    @Test
    void aRegexMatchingNoneOfItsBenchmarksIsRefusedWithTheirNames() {
        JabRunner r = JabRunner.run("run", "NoSuch.*", "--benchmarks", jar.toString(), "--profile", "smoke");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("NoSuch.*", "demo.ConcatBenchmark.join");
    }

    @Test
    void aJdkOlderThanTheJarsClassFilesIsRefused(@TempDir Path tmp) throws Exception {
        List<Jdk> jdks = twoJdks();
        Path newer = DemoJar.withClassOf(jar, jdks.get(1).feature(), tmp.resolve("newer.jar"));
        JabRunner r = JabRunner.run("run", "--benchmarks", newer.toString(), "--jdk", jdks.get(0).id(), "--profile", "smoke");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("too old", "newer.jar is compiled for Java " + jdks.get(1).feature());
    }

    @Test
    void anUnknownProfilerIsRefusedWithTheKnownOnes() {
        JabRunner r = JabRunner.run("run", "fs", "--prof", "nosuchprof", "--profile", "smoke");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err).contains("unknown profiler 'nosuchprof'", "gc", "async", "perfnorm");
    }

    @Test
    void badJmhOptionValuesAreRefused() {
        assertThat(JabRunner.run("run", "fs", "-f", "0", "--profile", "smoke").exitCode).isEqualTo(2);
        assertThat(JabRunner.run("run", "fs", "-r", "soon", "--profile", "smoke").exitCode).isEqualTo(2);
    }
}
