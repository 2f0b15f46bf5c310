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

import jab.harness.Jab;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;

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
        int rc = Jab.execute("run", "kv", "--profile", "smoke", "--out", out.toString());
        assertThat(rc).isZero();
        Path run;
        try (Stream<Path> dirs = Files.list(out)) {
            run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        RunResults results = RunResults.read(run);
        List<BenchResult> jmh = results.allJmh();
        assertThat(jmh).hasSizeGreaterThanOrEqualTo(12);
        assertThat(jmh).allSatisfy(r -> assertThat(r.score()).isPositive());
        List<String> names = jmh.stream().map(BenchResult::benchmark).collect(Collectors.toList());
        assertThat(names).anyMatch(n -> n.contains("ConcurrentHashMap"))
                .anyMatch(n -> n.contains("Threads"))
                .anyMatch(n -> n.contains("StoreLatencyBenchmark"));
        assertThat(jmh).anyMatch(r -> "16".equals(r.param("shards")));

        List<BenchResult> e2e = results.nativeResults();
        assertThat(e2e).anyMatch(r -> r.benchmark().equals("e2e.kv.jab.throughput") && r.score() > 0);
        if (KvEndToEnd.findRedis().isPresent()) {
            assertThat(e2e).anyMatch(r -> r.benchmark().equals("e2e.kv.redis.throughput") && r.score() > 0);
        }
        String summary = Files.readString(run.resolve("summary.md"));
        assertThat(summary).contains("## kv").contains("ConcurrentHashMap").contains("End to end").contains("p99");

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
        assertThat(Jab.execute("run", "kv", "-p", "shards=zero", "--profile", "smoke")).isEqualTo(Jab.EXIT_USAGE);
        assertThat(Jab.execute("kv")).isEqualTo(Jab.EXIT_USAGE);
    }

    @Test
    void durationsReadAsPeopleWriteThem() {
        assertThat(Durations.millis("20s", "--duration")).isEqualTo(20_000);
        assertThat(Durations.millis("500ms", "--duration")).isEqualTo(500);
        assertThat(Durations.millis("1m", "--duration")).isEqualTo(60_000);
        assertThat(Durations.millis("3", "--duration")).isEqualTo(3000);
    }
}
