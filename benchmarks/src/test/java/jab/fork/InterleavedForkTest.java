package jab.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Which variants an interleaved fork measures, and when each one's trial ends. */
class InterleavedForkTest {
    @Test
    void everyVariantIsMeasuredUnlessTheSpecNamesSome() {
        assertThat(InterleavedFork.measured(null, 3)).containsExactly(0, 1, 2);
        assertThat(InterleavedFork.measured("", 3)).containsExactly(0, 1, 2);
        assertThat(InterleavedFork.measured("2,0,2", 3)).containsExactly(2, 0);
    }

    @Test
    void aVariantTheForkDoesNotHaveIsRefused() {
        assertThatThrownBy(() -> InterleavedFork.measured("0,3", 3)).hasMessageContaining("no variant 3 of 3");
    }

    @Test
    void aMeasuredVariantEndsItsTrialWithTheForkAnUnmeasuredOneWithTheWarmUp() {
        // 2 warm-up rounds (0, 1), 3 measured (2, 3, 4)
        assertThat(InterleavedFork.lastSlice(1, 2, 3, true)).isFalse();
        assertThat(InterleavedFork.lastSlice(4, 2, 3, true)).isTrue();
        assertThat(InterleavedFork.lastSlice(1, 2, 3, false)).isTrue();
        assertThat(InterleavedFork.lastSlice(4, 2, 3, false)).isFalse();
    }
}
