package jab.harness.run.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import jab.harness.UsageException;
import jab.harness.family.Profile;

/** --precision and --budget as users write them, and the budget each profile gives a run by default. */
class PrecisionTest {
    @Test
    void targetsReadAsPercentOrFraction() {
        assertThat(Precision.parseTarget("5%")).isEqualTo(0.05);
        assertThat(Precision.parseTarget("0.02")).isEqualTo(0.02);
        assertThat(Precision.parseTarget("off")).isZero();
        assertThatThrownBy(() -> Precision.parseTarget("fast")).isInstanceOf(UsageException.class).hasMessageContaining("5%");
    }

    @Test
    void budgetsReadWithUnitsAndNoneLiftsTheCap() {
        assertThat(Precision.parseBudget("15m")).isEqualTo(Duration.ofMinutes(15));
        assertThat(Precision.parseBudget("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Precision.parseBudget("1.5h")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Precision.noBudget("none")).isTrue();
        assertThat(Precision.noBudget("15m")).isFalse();
        assertThatThrownBy(() -> Precision.parseBudget("0s")).isInstanceOf(UsageException.class).hasMessageContaining("none");
    }

    @Test
    void theDefaultProfileBudgetsEachFamilyOnEachJdk() {
        // a minute once and 164 s per family and JDK for the whole run: five families on one JDK within 15 minutes
        assertThat(Profile.DEFAULT.budget(5, 1)).isEqualTo(Duration.ofSeconds(880));
        assertThat(Profile.DEFAULT.budget(1, 3)).isEqualTo(Duration.ofSeconds(552));
        assertThat(Profile.THOROUGH.budget(4, 3)).isNull();
        assertThat(Profile.SMOKE.budget(4, 1)).isNull();
    }
}
