package jab.harness.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.bench.process.LaunchMechanisms;
import jab.bench.process.ProcessLauncher;
import jab.harness.results.BenchResult;
import jab.harness.results.NativeResult;
import jab.harness.results.RunResults;
import jab.harness.results.RunStore;

/** Every process result maps to the C floor of its own syscall sequence, or to none; never to another's. */
class ProcessPairingTest {

    private static BenchResult jvm(String benchmark, Map<String, String> params) {
        return new BenchResult("test", benchmark, "avgt", params, 1000, 10, "us/op", List.of(new double[] {1000}), 1,
                "17", "vm", "17", List.of(), 1, 0.1);
    }

    /** The floor of every name floorName can give, as the family would measure it on JDK 17 and 25. */
    private static List<ProcessFloor> everyFloor() {
        List<ProcessFloor> all = new ArrayList<>(ProcessFloor.BEFORE_JMH);
        for (String jdk : List.of("17", "25")) {
            for (String s : List.of("existing", "missing", "randomExisting")) {
                all.add(ProcessFloor.fork(new ParentMemoryRecords.Parent(jdk, "ProcessLaunchBenchmark", 0, 150), s));
            }
            for (int h : new int[] {0, 256}) {
                all.add(ProcessFloor.fork(new ParentMemoryRecords.Parent(jdk, "ParentHeapBenchmark", h, 150 + h), "existing"));
            }
        }
        return all;
    }

    private static ProcessFloor floor(String name) {
        return everyFloor().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("pairing named a floor the family never measures: " + name));
    }

    @Test
    void everyLaunchResultGetsTheFloorOfItsOwnMechanismPathAndExecs() {
        for (String jdk : List.of("17", "25")) {
            for (ProcessLauncher l : ProcessLauncher.values()) {
                for (String m : LaunchMechanisms.NAMES) {
                    for (String scenario : ProcessSection.SCENARIOS) {
                        BenchResult r = jvm(ProcessSection.LAUNCH + scenario, Map.of("launcher", l.name(), "launchMechanism", m));
                        ProcessFloor f = floor(ProcessPairing.floorName(r, jdk, true).orElseThrow());
                        String mechanism = l == ProcessLauncher.NUPROCESS ? "VFORK" : m;
                        String what = jdk + " " + l + " " + m + " " + scenario + " -> " + f.name();
                        assertThat(f.mechanism()).as(what).isEqualTo(mechanism);
                        assertThat(f.scenario()).as(what).isEqualTo(scenario.equals("randomMissing") ? "missing" : scenario);
                        assertThat(f.execs()).as(what).isEqualTo(mechanism.equals("POSIX_SPAWN") ? 2 : 1);
                        assertThat(f.reference()).as(what + ": a reference floor is nobody's partner").isFalse();
                        if (mechanism.equals("FORK")) {
                            assertThat(f.call()).as(what).isEqualTo("fork.jdk" + jdk + "-launch");
                        }
                    }
                }
            }
        }
    }

    @Test
    void parentHeapResultsGetAForkFloorOfTheirOwnJdkAndHeap() {
        for (String jdk : List.of("17", "25")) {
            for (String h : List.of("0", "256")) {
                BenchResult fork = jvm(ProcessSection.HEAP + "existing", Map.of("launchMechanism", "FORK", "touchedHeapMb", h));
                assertThat(ProcessPairing.floorName(fork, jdk, true)).contains(ProcessFloor.name("fork.jdk" + jdk + "-heap" + h, "existing"));
                BenchResult spawn = jvm(ProcessSection.HEAP + "existing", Map.of("launchMechanism", "POSIX_SPAWN", "touchedHeapMb", h));
                assertThat(ProcessPairing.floorName(spawn, jdk, true)).contains(ProcessFloor.name(ProcessFloor.HELPER, "existing"));
            }
        }
    }

    @Test
    void withoutAHelperInTheTracePosixSpawnPairsWithTheOneExecFloorAndFailuresWithNone() {
        BenchResult existing = jvm(ProcessSection.LAUNCH + "existing", Map.of("launcher", "PROCESS_BUILDER", "launchMechanism", "POSIX_SPAWN"));
        BenchResult missing = jvm(ProcessSection.LAUNCH + "missing", Map.of("launcher", "PROCESS_BUILDER", "launchMechanism", "POSIX_SPAWN"));
        assertThat(ProcessPairing.floorName(existing, "17", false)).contains(ProcessFloor.name("posix_spawn", "existing"));
        assertThat(ProcessPairing.floorName(missing, "17", false)).isEmpty();
    }

    @Test
    void aFloorTheRunDidNotMeasureIsNoPartnerAndPosixSpawnpIsNobodys(@TempDir Path dir) throws Exception {
        List<NativeResult> measured = new ArrayList<>();
        for (ProcessFloor f : ProcessFloor.BEFORE_JMH) {
            if (!f.name().equals(ProcessFloor.name("vfork", "missing"))) {
                measured.add(new NativeResult(f.name(), "avgt", "us/op", f.params(), List.of(new double[] {500}), "test", 0));
            }
        }
        NativeResult.writeAll(measured, dir.resolve(RunStore.NATIVE));
        RunResults run = RunResults.read(dir);
        List<Optional<String>> partners = new ArrayList<>();
        for (ProcessLauncher l : ProcessLauncher.values()) {
            for (String m : LaunchMechanisms.NAMES) {
                for (String scenario : ProcessSection.SCENARIOS) {
                    partners.add(ProcessPairing.partner(run, "17",
                            jvm(ProcessSection.LAUNCH + scenario, Map.of("launcher", l.name(), "launchMechanism", m))));
                }
            }
        }
        assertThat(partners).doesNotContain(Optional.of(ProcessFloor.name("vfork", "missing")))
                .doesNotContain(Optional.of(ProcessFloor.name(ProcessFloor.SPAWNP, "missing")))
                .doesNotContain(Optional.of(ProcessFloor.name("posix_spawn", "existing")))
                .contains(Optional.of(ProcessFloor.name("vfork", "existing")), Optional.empty());
        // FORK's floors come from the forks' size: none was recorded here, so FORK results have no ratio
        assertThat(ProcessPairing.partner(run, "17", jvm(ProcessSection.LAUNCH + "existing",
                Map.of("launcher", "PROCESS_BUILDER", "launchMechanism", "FORK")))).isEmpty();
    }

    @Test
    void parentSizesKeepTheLargestForkPerJdkBenchmarkAndHeapAndSkipPartialLines() {
        List<ParentMemoryRecords.Parent> parents = ParentMemoryRecords.parse(List.of(
                "17\tProcessLaunchBenchmark\t0\t120", "17\tProcessLaunchBenchmark\t0\t180", "25\tProcessLaunchBenchmark\t0\t90",
                "17\tParentHeapBenchmark\t256\t400", "17\tParentHeap"));
        assertThat(parents).containsExactly(new ParentMemoryRecords.Parent("17", "ProcessLaunchBenchmark", 0, 180),
                new ParentMemoryRecords.Parent("25", "ProcessLaunchBenchmark", 0, 90),
                new ParentMemoryRecords.Parent("17", "ParentHeapBenchmark", 256, 400));
    }
}
