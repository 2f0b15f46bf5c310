package jab.harness.family;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How a C floor's processes and iterations follow from a family's JMH settings. */
class JmhSettingsTest {

    @Test
    void severalProcessesMeasureThreeIterationsEachAndOneProcessKeepsAll() {
        JmhSettings fsDefault = JmhSettings.of(3, 3, "200ms", 5, "200ms");
        assertThat(fsDefault.nativeForks()).isEqualTo(5); // a C process starts in a millisecond: five at least
        assertThat(fsDefault.nativeIterations()).isEqualTo(3);
        assertThat(fsDefault.nativeWarmupIterations()).isEqualTo(1);
        JmhSettings smoke = JmhSettings.of(1, 1, "500ms", 7, "200ms"); // mmap's smoke: its iterations are all it varies over
        assertThat(smoke.nativeForks()).isEqualTo(1);
        assertThat(smoke.nativeIterations()).isEqualTo(7);
        assertThat(JmhSettings.of(2, 1, "100ms", 2, "100ms").nativeIterations()).isEqualTo(2); // never more than asked
    }
}
