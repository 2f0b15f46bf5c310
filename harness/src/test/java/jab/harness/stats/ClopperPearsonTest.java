package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ClopperPearsonTest {
    @Test
    void givesTheExactIntervalsOfTheTables() {
        // 0 of n: the upper end solves (1 - p)^n = 0.025
        assertThat(new ClopperPearson(0, 30).low()).isZero();
        assertThat(new ClopperPearson(0, 30).high()).isCloseTo(1 - Math.pow(0.025, 1.0 / 30), within(1e-9));
        // 1 of 10: 0.0025-0.4450 (Clopper and Pearson 1934; any table of exact binomial limits)
        assertThat(new ClopperPearson(1, 10).low()).isCloseTo(0.00253, within(1e-5));
        assertThat(new ClopperPearson(1, 10).high()).isCloseTo(0.44502, within(1e-5));
        assertThat(new ClopperPearson(10, 10).high()).isEqualTo(1);
        assertThat(new ClopperPearson(1, 2).words()).isEqualTo("1 of 2 (50.0%, 95% CI 1.3-98.7%)");
    }

    @Test
    void aCountOutsideItsTrialsIsBadInput() {
        assertThatThrownBy(() -> new ClopperPearson(3, 2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 of 2");
        assertThatThrownBy(() -> new ClopperPearson(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
