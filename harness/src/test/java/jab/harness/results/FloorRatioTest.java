package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;


/** A JVM/floor cell says how precise the ratio is, and when the floor itself limits it. */
class FloorRatioTest {
    @Test
    void aTightFloorGivesTheRatioWithItsIntervalOverForksAndNoWarning() {
        BenchResult jvm = Synthetic.result("avgt", "us/op", 2.0, 1, 0.01, 3, 10);
        BenchResult floor = Synthetic.result("avgt", "ns/op", 1000, 2, 0.01, 3, 10); // 1 us in another unit
        String cell = FloorRatio.cell(jvm, floor);
        assertThat(cell).matches("(1\\.9\\d|2\\.0\\d)x ±\\d(\\.\\d)?%").doesNotContain("C floor", "not told");
    }

    @Test
    void aFloorWhoseForksDisagreeIsNamedBesideTheRatio() {
        BenchResult jvm = Synthetic.result("avgt", "us/op", 2.0, 3, 0.01, 3, 10);
        // three forks of one iteration each, 20% apart: the floor's own interval over forks is wide
        BenchResult floor = Synthetic.result("avgt", "us/op", 1.0, 4, 0.2, 3, 1);
        assertThat(FloorRatio.cell(jvm, floor)).contains("(C floor ±");
    }

    @Test
    void aRatioWhoseIntervalHoldsOneSaysSo() {
        BenchResult jvm = Synthetic.result("avgt", "us/op", 1.01, 5, 0.05, 3, 10);
        BenchResult floor = Synthetic.result("avgt", "us/op", 1.0, 6, 0.05, 3, 10);
        assertThat(FloorRatio.cell(jvm, floor)).contains("not told from 1x");
    }
}
