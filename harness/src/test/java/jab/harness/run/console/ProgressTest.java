package jab.harness.run.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class ProgressTest {
    @Test
    void countsOfAKnownTotalWithAnEta() {
        assertThat(Progress.line("fs", 0, 4, Duration.ofSeconds(3))).isEqualTo("[1/4] fs | 0:03 elapsed, ETA ?");
        assertThat(Progress.line("fs", 2, 4, Duration.ofSeconds(60))).isEqualTo("[3/4] fs | 1:00 elapsed, ETA 1:00");
    }

    @Test
    void pastItsTotalItNumbersTheItemAloneWithNoEta() {
        // a refinement that began with 31 open questions and is adding its 40th fork: no "[31/31] ... ETA -3:-21"
        assertThat(Progress.line("adding a fork", 39, 31, Duration.ofSeconds(406))).isEqualTo("[40] adding a fork | 6:46 elapsed");
    }
}
