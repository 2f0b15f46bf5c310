package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A solo fork still warming up checks nothing: the solo forks of a default run on the project's VM
 * (2026-11-29, JRubyCallCostBenchmark at 4 KiB chunks, ns per call), as {@link Answers#warmingUp} reads them.
 */
class SoloWarmUpTest {
    @Test
    void aForkWhoseTimesFallIsStillWarmingUp() {
        // JAVA_MMAP_SAFE: two iterations cold (heap pages faulted in), then settled
        assertThat(Answers.warmingUp(List.of(new double[] {14492, 14644, 564, 588, 606}), false)).isTrue();
        // JAVA_MMAP_AUTOBOXING: settled after its first iteration, which a line through all five hardly sees
        assertThat(Answers.warmingUp(List.of(new double[] {50007, 2640, 2340, 2039, 2130}), false)).isTrue();
    }

    @Test
    void aSettledForkIsUsed() {
        // RUBY_FILE and EXT_MMAP_UNSAFE of the same run
        assertThat(Answers.warmingUp(List.of(new double[] {1332, 1267, 1269, 1328, 1271}), false)).isFalse();
        assertThat(Answers.warmingUp(List.of(new double[] {293, 304, 318, 314, 293}), false)).isFalse();
    }

    @Test
    void forThroughputWarmingUpIsRising() {
        // ops per time: a fork that gets faster rises, and one that falls was not warming up
        assertThat(Answers.warmingUp(List.of(new double[] {1 / 14492.0, 1 / 14644.0, 1 / 564.0, 1 / 588.0, 1 / 606.0}), true)).isTrue();
        assertThat(Answers.warmingUp(List.of(new double[] {1 / 564.0, 1 / 588.0, 1 / 606.0, 1 / 14492.0, 1 / 14644.0}), true)).isFalse();
    }
}
