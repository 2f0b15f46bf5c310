package jab.harness.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.util.Optional;

import jab.harness.jdk.Jdk;

/** Which of the base's benchmarks answers for each of the head's, and what is listed as in one build only. */
class BaseBuildTest {

    /** A BenchmarkList line of benchmark {@code name} in {@code mode}, with these params declared. */
    static BenchmarkListEntry entry(String name, Mode mode, Map<String, String[]> params) {
        String cls = name.substring(0, name.lastIndexOf('.'));
        String method = name.substring(name.lastIndexOf('.') + 1);
        String generated = cls.substring(0, cls.lastIndexOf('.')) + ".jmh_generated." + cls.substring(cls.lastIndexOf('.') + 1) + "_"
                + method + "_jmhTest";
        return new BenchmarkListEntry(cls, generated, method, mode, Optional.none(), new int[] {1}, Optional.none(), Optional.none(),
                Optional.none(), Optional.none(), Optional.none(), Optional.none(), Optional.none(), Optional.none(), Optional.none(),
                Optional.none(), Optional.none(), Optional.none(), Optional.none(),
                params.isEmpty() ? Optional.none() : Optional.of(params), Optional.none(), Optional.none(), Optional.none());
    }

    static UserBenchmarks build(String jar, BenchmarkListEntry... entries) {
        String list = java.util.Arrays.stream(entries).map(BenchmarkListEntry::toLine).collect(Collectors.joining("\n"));
        return new UserBenchmarks(Path.of("/builds/" + jar), List.of(), list, 11, false);
    }

    private static Map<String, String[]> sizes(String... values) {
        Map<String, String[]> m = new LinkedHashMap<>();
        m.put("size", values);
        return m;
    }

    @Test
    void aBenchmarkMatchesByNameAndMode() {
        BenchmarkListEntry work = entry("demo.W.work", Mode.AverageTime, Map.of());
        BaseBuild base = new BaseBuild(build("head.jar", work), build("base.jar", work, entry("demo.W.old", Mode.AverageTime, Map.of())),
                null, null);
        assertThat(base.counterpart(work, Map.of())).hasValueSatisfying(e -> assertThat(e.getUsername()).isEqualTo("demo.W.work"));
        assertThat(base.counterpart(entry("demo.W.work", Mode.Throughput, Map.of()), Map.of())).isEmpty();
        assertThat(base.counterpart(entry("demo.W.added", Mode.AverageTime, Map.of()), Map.of())).isEmpty();
    }

    @Test
    void aCombinationOfParamsMatchesWhenTheBaseDeclaresItOrNeitherBuildDoes() {
        BenchmarkListEntry head = entry("demo.W.work", Mode.AverageTime, sizes("1", "2", "3"));
        BenchmarkListEntry base = entry("demo.W.work", Mode.AverageTime, sizes("1", "2"));
        assertThat(BaseBuild.sameCombination(head, base, Map.of("size", "2"))).isTrue();
        assertThat(BaseBuild.sameCombination(head, base, Map.of("size", "3"))).as("a value new in the head").isFalse();
        assertThat(BaseBuild.sameCombination(head, base, Map.of("size", "7"))).as("given with -p: both take it").isTrue();
        Map<String, String[]> other = new LinkedHashMap<>(sizes("1", "2"));
        other.put("mode", new String[] {"fast"});
        assertThat(BaseBuild.sameCombination(head, entry("demo.W.work", Mode.AverageTime, other), Map.of("size", "1")))
                .as("params renamed or added").isFalse();
    }

    @Test
    void benchmarksInOneBuildOnlyAreListedAmongThoseTheSelectorsPick() {
        BenchmarkListEntry work = entry("demo.W.work", Mode.AverageTime, Map.of());
        BaseBuild base = new BaseBuild(build("head.jar", work, entry("demo.W.added", Mode.AverageTime, Map.of())),
                build("base.jar", work, entry("demo.X.gone", Mode.Throughput, Map.of())), null, null);
        assertThat(base.inOneBuildOnly(List.of())).containsExactly(
                "demo.W.added (avgt): in the head (head.jar) only, not measured",
                "demo.X.gone (thrpt): in the base (base.jar) only, not measured");
        assertThat(base.inOneBuildOnly(List.of("W\\."))).containsExactly("demo.W.added (avgt): in the head (head.jar) only, not measured");
    }

    @Test
    void theBaseRunsWithItsOwnJvmOptionsOrTheRuns() {
        UserBenchmarks b = build("b.jar", entry("demo.W.work", Mode.AverageTime, Map.of()));
        assertThat(new BaseBuild(b, b, null, null).family().jvmArgs(List.of("-Xint"))).containsExactly("-Xint");
        assertThat(new BaseBuild(b, b, List.of("-XX:+UseZGC"), null).family().jvmArgs(List.of("-Xint"))).containsExactly("-XX:+UseZGC");
        assertThat(new BaseBuild(b, b, null, null).family().benchmarkSource().orElseThrow().forkClasspath()).contains("/builds/b.jar");
    }

    @Test
    void theBaseRunsOnItsOwnJdkOrTheRuns() {
        UserBenchmarks b = build("b.jar", entry("demo.W.work", Mode.AverageTime, Map.of()));
        Jdk run = new Jdk(Path.of("/jdks/17"), "17.0.1", 17, "Debian", "test");
        Jdk other = new Jdk(Path.of("/jdks/25"), "25.0.1", 25, "Temurin", "test");
        assertThat(new BaseBuild(b, b, null, null).family().forkJdk(run)).isEqualTo(run);
        assertThat(new BaseBuild(b, b, null, other).family().forkJdk(run)).isEqualTo(other);
        assertThat(new BaseBuild(b, b, List.of("-XX:+UseZGC"), other).family().jvmArgs(List.of())).containsExactly("-XX:+UseZGC");
    }
}
