package jab.harness.env;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CacheProbeTest {
    @Test
    void theRingIsOneCycleThroughEverySlotSoTheChaseTouchesTheWholeWorkingSet() {
        for (long seed = 1; seed <= 20; seed++) {
            assertThat(new CacheProbe(1000, seed).cycleLength()).isEqualTo(1000);
        }
        assertThat(new CacheProbe().cycleLength()).isEqualTo(CacheProbe.BYTES / Integer.BYTES);
    }

    @Test
    void aSampleIsAPlausibleTimePerLoad() {
        double ns = new CacheProbe().sample();
        // a dependent load takes at least a cycle of a 10 GHz CPU and, even from memory, well under 10 us
        assertThat(ns).isBetween(0.1, 10_000.0);
    }
}
