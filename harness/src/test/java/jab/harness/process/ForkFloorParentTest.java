package jab.harness.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.results.BenchResult;
import jab.harness.results.JmhJson;
import jab.harness.results.NativeResult;

/**
 * A FORK floor's parent size is what the run found (the JVM fork was 72 MiB this time, 73 the next),
 * so it travels as a secondary metric, not a param: two runs' floors of the same JDK still match.
 */
class ForkFloorParentTest {

    @Test
    void twoRunsWhoseParentsDifferByAMibMatchTheirForkFloors(@TempDir Path dir) throws Exception {
        BenchResult a = written(dir.resolve("a.json"), 72);
        BenchResult b = written(dir.resolve("b.json"), 73);
        assertThat(a.params()).doesNotContainKey(ProcessFloor.PARENT_RESIDENT);
        // compare matches results by benchmark, mode and params (Matching, RepeatedRuns)
        assertThat(List.of(b.benchmark(), b.mode(), b.params())).isEqualTo(List.of(a.benchmark(), a.mode(), a.params()));
        assertThat(ProcessSection.floorLabel(a)).isEqualTo("`fork.jdk17-launch` (parent 72 MiB)");
        assertThat(ProcessSection.floorLabel(b)).isEqualTo("`fork.jdk17-launch` (parent 73 MiB)");
    }

    @Test
    void runsMadeWhenTheParentWasAParamStillNameIt() {
        BenchResult old = new BenchResult("native", ProcessFloor.name("fork.jdk17-launch", "existing"), "avgt",
                Map.of("call", "fork.jdk17-launch", ProcessFloor.PARENT_RESIDENT, "180"), 500, 1, "us/op",
                List.of(new double[] {500}), 1, "native", "C", "native", List.of(), 1, Double.NaN);
        assertThat(ProcessSection.floorLabel(old)).isEqualTo("`fork.jdk17-launch` (parent 180 MiB)");
    }

    private static BenchResult written(Path file, long parentMib) throws Exception {
        ProcessFloor floor = ProcessFloor.fork(new ParentMemoryRecords.Parent("17", "ProcessLaunchBenchmark", 0, parentMib),
                "existing");
        NativeResult r = new NativeResult(floor.name(), "avgt", "us/op", floor.params(), List.of(new double[] {500, 510}),
                "C fork", 1, Map.of(ProcessFloor.PARENT_RESIDENT, new NativeResult.Secondary(parentMib, "MiB")));
        NativeResult.writeAll(List.of(r), file);
        return JmhJson.read(file, "native").get(0);
    }
}
