package jab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import jab.harness.run.options.Precision;
import jab.harness.stats.ForkInterval;

/** Adaptive precision's decision: how many forks to add, and when to stop. */
class RefinementTest {
    private static final Precision FIVE = new Precision(0.05, 10, Duration.ofMinutes(15));

    static ForkInterval at(double relative, int forks) {
        return new ForkInterval(100, 100 * relative, forks, ForkInterval.Method.FORK_MEANS);
    }

    @Test
    void stopsWhenTheGoalIsMet() {
        assertThat(Refinement.extraForks(at(0.049, 2), 1, 600, FIVE)).isZero();
        assertThat(Refinement.extraForks(at(0.05, 3), 1, 600, FIVE)).isZero();
    }

    @Test
    void stopsAtTheForkLimitWhenTheGoalCannotBeMet() {
        assertThat(Refinement.extraForks(at(0.30, 10), 1, 600, FIVE)).isZero();
        // never past the limit
        assertThat(Refinement.extraForks(at(0.30, 9), 1, 600, FIVE)).isEqualTo(1);
    }

    @Test
    void stopsWhenTheBudgetHasNoTimeForAnotherFork() {
        assertThat(Refinement.extraForks(at(0.10, 2), 5, 4.9, FIVE)).isZero();
        assertThat(Refinement.extraForks(at(0.10, 4), 5, 12, FIVE)).isEqualTo(2);
    }

    @Test
    void addsWhatTheForksSpreadAsksAtMostDoubling() {
        // 6% with 5 forks: the fork means' spread is 6% * sqrt(5) / t(4) = 4.83%; 6 forks give
        // t(5) * 4.83% / sqrt(6) = 5.07%, 7 give 4.47%: 2 more
        assertThat(Refinement.extraForks(at(0.06, 5), 1, 600, FIVE)).isEqualTo(2);
        // 26% with 2 forks is a spread of 2.9% (t = 12.7): 4 forks give 4.6%, so 2 more, where the
        // square-root law alone (2 * (26/5)^2 = 54) would ask for the most a step gives
        assertThat(Refinement.extraForks(at(0.26, 2), 1, 600, FIVE)).isEqualTo(2);
        // 8% with 3 forks is a spread of 3.2% (t = 4.3): 4 forks give 5.1%, 5 give 4.0%: 2 more
        assertThat(Refinement.extraForks(at(0.08, 3), 1, 600, FIVE)).isEqualTo(2);
        // 40% with 2 forks would ask for 128: one step at most doubles (2 -> 4)
        assertThat(Refinement.extraForks(at(0.40, 2), 1, 600, FIVE)).isEqualTo(2);
        assertThat(Refinement.extraForks(at(0.40, 2), 1, 600, Precision.NONE)).isZero();
    }
}
