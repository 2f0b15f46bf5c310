package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.ConsoleWidth;
import jab.harness.Jab;
import jab.harness.JabRunner;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;
import jab.kv.server.Transport;

/** {@code jab run kv --profile smoke} end to end, in-process, and the kv commands' input checks. */
class KvRunTest {

    @BeforeAll
    static void shareTheMachine() {
        // This test checks behaviour, not speed: another JMH run on the same machine (JMH's lock file
        // in the temp dir) must not fail it.
        System.setProperty("jmh.ignoreLock", "true");
    }

    @Test
    void smokeRunWritesJmhAndEndToEndResultsAndLeavesNoServerBehind(@TempDir Path out) throws Exception {
        // --redis when one is installed (CI installs it): the option's path, and the side-by-side part
        java.util.Optional<Path> redis = KvEndToEnd.findRedis(null);
        List<String> args = new java.util.ArrayList<>(List.of("run", "kv", "--profile", "smoke", "--out", out.toString()));
        redis.ifPresent(r -> args.addAll(List.of("--redis", r.toString())));
        JabRunner jab = JabRunner.run(args.toArray(String[]::new));
        assertThat(jab.exitCode).as(jab.out + jab.err).isZero();
        ConsoleWidth.assertFits(jab.out);
        Path run;
        try (Stream<Path> dirs = Files.list(out)) {
            run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        RunResults results = RunResults.read(run);
        List<BenchResult> jmh = results.allJmh();
        assertThat(jmh).hasSizeGreaterThanOrEqualTo(12);
        assertThat(jmh).allSatisfy(r -> assertThat(r.score()).isPositive());
        List<String> names = jmh.stream().map(BenchResult::benchmark).collect(Collectors.toList());
        assertThat(names).anyMatch(n -> n.contains("KvLatencyBenchmark"))
                .anyMatch(n -> n.contains("KvThroughputBenchmark.mixed_") && n.contains("Threads"));
        assertThat(jmh).anyMatch(r -> "CONCURRENT_HASH_MAP".equals(r.param("impl")))
                .anyMatch(r -> "STORE_16".equals(r.param("impl")));
        int cpus = Runtime.getRuntime().availableProcessors();
        assertThat(jmh).as("kv run whole: no result with more threads than the %d CPUs", cpus)
                .allSatisfy(r -> assertThat(r.threads()).as(r.benchmark()).isLessThanOrEqualTo(cpus));

        // native.json: the C hash table under the latency benchmarks, the only native floor of the family;
        // end to end and redis-benchmark figures are timings, not floors: timings.json
        assertThat(results.baselines()).extracting(BenchResult::benchmark)
                .containsExactly("native.kv.hashTable.get", "native.kv.hashTable.set", "native.kv.hashTable.mixed");
        assertThat(results.baselines()).allSatisfy(b -> assertThat(b.score()).isPositive());
        List<BenchResult> e2e = results.timings();
        assertThat(e2e).anyMatch(r -> r.benchmark().equals("e2e.kv.jab.throughput") && r.score() > 0);
        String summary = Files.readString(run.resolve("summary.md"));
        assertThat(summary).contains("## kv").contains("ConcurrentHashMap").contains("End to end").contains("p99");
        assertThat(summary).doesNotContain("oversubscribed:");
        if (!results.baselines().isEmpty()) {
            assertThat(summary).as("the C floor in a table of its own, no ratio to it")
                    .contains("| op | C hash table, a process of its own (ns/op) |").doesNotContain("| C hash table |")
                    .doesNotContain("ConcurrentHashMap / C");
        }
        List<KvEndToEndDocument> runs = results.documentList(KvEndToEndDocument.NAME, KvEndToEndDocument.class);
        assertThat(runs).extracting(KvEndToEndDocument::round).contains(1, 2);
        assertThat(e2e).filteredOn(r -> r.benchmark().equals("e2e.kv.jab.throughput"))
                .allSatisfy(r -> assertThat(r.rawData()).as("one fork per round").hasSize(2));
        if (redis.isPresent()) {
            assertThat(e2e).anyMatch(r -> r.benchmark().equals("e2e.kv.redis.throughput") && r.score() > 0);
            // alternating: jab first in round 1, Redis first in round 2
            assertThat(runs).filteredOn(r -> r.position() == 1).extracting(KvEndToEndDocument::round, KvEndToEndDocument::server)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(1, "jab"), org.assertj.core.groups.Tuple.tuple(2, "redis"));
            assertThat(summary).contains("jab/Redis throughput").contains("over rounds");
            if (RedisBenchmark.find(redis).isPresent()) {
                for (String server : List.of("jab", "redis")) {
                    for (String test : List.of("get", "set")) {
                        for (String pipeline : List.of("1", "16")) {
                            assertThat(e2e).as(server + " " + test + " -P " + pipeline).anyMatch(r -> r.benchmark()
                                    .equals("e2e.kv." + server + ".redisBenchmark." + test)
                                    && pipeline.equals(r.param("pipeline")) && r.score() > 0);
                            assertThat(e2e).as(server + " " + test + " -P " + pipeline + " CPU").anyMatch(r -> r.benchmark()
                                    .equals("e2e.kv." + server + ".redisBenchmark." + test + ".serverCpu")
                                    && pipeline.equals(r.param("pipeline")) && r.unit().equals("us/op") && r.score() > 0);
                        }
                    }
                }
                assertThat(summary).contains("Side by side under redis-benchmark").contains("jab/Redis")
                        .contains("-c 50").contains("CPU (us/req)").contains("client CPU (jab / Redis runs)");
                // redis-benchmark's own CPU over each run: some of a CPU, and at most its one thread's (plus rounding)
                assertThat(results.document(RedisBenchmarkDocument.NAME, RedisBenchmarkDocument.class).orElseThrow().rows())
                        .allSatisfy(row -> assertThat(java.util.Arrays.stream(row.clientCpuShare()).boxed().toList())
                                .as(row.server() + " " + row.test() + " -P " + row.pipeline())
                                .isNotEmpty().allSatisfy(share -> assertThat(share).isGreaterThan(0.0).isLessThan(1.5)));
                // and again with both servers persisting (AOF, everysec), told apart by a param
                for (String server : List.of("jab", "redis")) {
                    assertThat(e2e).as(server + " with AOF everysec").anyMatch(r -> r.benchmark()
                            .equals("e2e.kv." + server + ".redisBenchmark.set") && "aof-everysec".equals(r.param("persistence"))
                            && r.score() > 0);
                }
                assertThat(summary).contains("append-only file, appendfsync everysec")
                        .contains("--appendonly yes --appendfsync everysec");
                // a run of kv alone compares jab's transports with persistence off: a server on each, named on its rows
                RedisBenchmarkDocument side = results.document(RedisBenchmarkDocument.NAME, RedisBenchmarkDocument.class).orElseThrow();
                assertThat(side.rows().stream().filter(r -> r.server().equals("jab") && r.persistenceOrOff().equals("off"))
                        .map(RedisBenchmarkDocument.Row::transport).distinct().toList())
                        .containsExactlyElementsOf(ServerTransports.available().stream().map(Transport::label).toList());
                if (ServerTransports.available().size() > 1) {
                    assertThat(jab.out).as("the console answers the transport question").contains("kv transport, GET pipeline 1: ");
                    assertThat(summary).contains("Which transport serves with the least CPU").contains("kv transport, SET pipeline 16: ");
                }
                assertThat(run.resolve("work")).as("the servers' AOF folders are removed").satisfiesAnyOf(
                        w -> assertThat(w).doesNotExist(),
                        w -> assertThat(Files.list(w).map(Path::getFileName).map(Path::toString)).noneMatch(n -> n.startsWith("kv-aof")));
            }
        }

        Thread.sleep(500);
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.info().commandLine().orElse("?")).collect(Collectors.toList()))
                .as("no server or fork left running").isEmpty();
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertThat(Jab.execute("kv", "load", "--clients", "0", "--duration", "1s")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("kv", "load", "--target", "nohostport")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("kv", "load", "--duration", "soon")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("kv", "serve", "--port", "70000")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("kv", "serve", "--shards", "0")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("run", "kv", "-p", "impl=STORE_zero", "--profile", "smoke")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("run", "kv", "-p", "shards=16", "--profile", "smoke")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("run", "kv", "-p", "keys=0", "--profile", "smoke")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("run", "kv", "-p", "keys=many", "--profile", "smoke")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("kv")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("run", "kv", "--profile", "smoke", "--redis", "/no/such/redis-server")).isEqualTo(Jab.EXIT_USAGE);
    }

    @Test
    void aRunOfSomeStoreBenchmarksLeavesTheServersToARunOfTheFamily(@TempDir Path work) throws Exception {
        jab.harness.family.RunContext part = new jab.harness.family.RunContext(jab.harness.family.Profile.DEFAULT, java.util.Map.of(),
                java.util.Map.of(), List.of(), work, System.out, false).measuringPart(v -> v.method().equals("get"));
        jab.harness.family.Measurement m = new KvFamily().measureAfterJmh(part);
        assertThat(m.documents()).as("no server started").isEmpty();
        assertThat(m.timings()).isEmpty();
        assertThat(m.notes()).singleElement().asString().contains("not run").contains("jab run kv");
    }

    @Test
    void redisBenchmarkCsvOfRedis7And6() {
        List<RedisBenchmark.Test> seven = RedisBenchmark.parseCsv(String.join("\n",
                "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"",
                "\"SET\",\"80645.16\",\"0.346\",\"0.088\",\"0.303\",\"0.671\",\"0.815\",\"4.671\"",
                "\"GET\",\"89285.71\",\"0.293\",\"0.080\",\"0.287\",\"0.375\",\"0.591\",\"1.023\""));
        assertThat(seven).containsExactly(new RedisBenchmark.Test("SET", 80645.16, 0.346, 0.303, 0.815, 4.671),
                new RedisBenchmark.Test("GET", 89285.71, 0.293, 0.287, 0.591, 1.023));
        List<RedisBenchmark.Test> six = RedisBenchmark.parseCsv("\"SET\",\"81000.00\"\n\"GET\",\"90000.50\"\n");
        assertThat(six).extracting(RedisBenchmark.Test::name, RedisBenchmark.Test::rps)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("SET", 81000.0), org.assertj.core.groups.Tuple.tuple("GET", 90000.5));
        assertThat(six.get(0).p99Ms()).isNaN();
    }

    @Test
    void durationsReadAsPeopleWriteThem() {
        assertThat(Durations.millis("20s", "--duration")).isEqualTo(20_000);
        assertThat(Durations.millis("500ms", "--duration")).isEqualTo(500);
        assertThat(Durations.millis("1m", "--duration")).isEqualTo(60_000);
        assertThat(Durations.millis("3", "--duration")).isEqualTo(3000);
    }
}
