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
    void aSmallFallDoesNotExcludeAFork() {
        // JDK 25's File.exists(), existing file, two solo forks (us/op): a significant fall of about 2.4%,
        // which moves the mean by about 1%, below what the check can find
        assertThat(Answers.warmingUp(List.of(new double[] {0.4569, 0.4578, 0.4549, 0.4534, 0.452},
                new double[] {0.4603, 0.4607, 0.4499, 0.4482, 0.4463}), false)).isFalse();
        // and a first iteration 2% above the rest lifts a mean of five by 0.4%
        assertThat(Answers.warmingUp(List.of(new double[] {102, 100, 100.5, 99.5, 100}), false)).isFalse();
    }

    @Test
    void aFallThatMovesTheMeanStillExcludes() {
        // JDK 25's NuProcess, missing command (us/op): a first iteration 14% above the rest, then settling
        assertThat(Answers.warmingUp(List.of(new double[] {312.4, 282.5, 274.7, 272.1, 269.0}), false)).isTrue();
    }

    @Test
    void forThroughputWarmingUpIsRising() {
        // ops per time: a fork that gets faster rises, and one that falls was not warming up
        assertThat(Answers.warmingUp(List.of(new double[] {1 / 14492.0, 1 / 14644.0, 1 / 564.0, 1 / 588.0, 1 / 606.0}), true)).isTrue();
        assertThat(Answers.warmingUp(List.of(new double[] {1 / 564.0, 1 / 588.0, 1 / 606.0, 1 / 14492.0, 1 / 14644.0}), true)).isFalse();
    }
}
