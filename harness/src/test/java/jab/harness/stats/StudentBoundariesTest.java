package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Alpha-spending boundaries for Student's t. */
class StudentBoundariesTest {
    @Test
    void oneLookIsStudentsT() {
        double[] c = StudentBoundaries.of(5, 5, n -> 0.05);
        assertThat(c[0]).isCloseTo(ForkInterval.tQuantile(5), within(0.03));
    }

    @Test
    void laterLooksOfAnEvenSpendingNarrowAndStayWiderThanOneLooksT() {
        double[] c = StudentBoundaries.of(3, 10, n -> 0.05 * n / 10);
        for (int k = 1; k < c.length; k++) {
            assertThat(c[k]).as("look at %d forks", k + 3).isLessThan(c[k - 1]).isGreaterThan(ForkInterval.tQuantile(k + 3));
        }
    }

    @Test
    void aLookThatSpendsNothingNeverStops() {
        assertThat(StudentBoundaries.of(3, 4, n -> n == 3 ? 0 : 0.05)[0]).isInfinite();
    }
}
