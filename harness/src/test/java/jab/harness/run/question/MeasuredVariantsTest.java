package jab.harness.run.question;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import jab.harness.results.Comparisons;

/** An added fork measures the variants of the open comparisons only, in the question's order. */
class MeasuredVariantsTest {
    private static final List<String> LABELS = List.of("FILE_EXISTS", "FILES_EXISTS", "NOFOLLOW", "NOT_EXISTS", "READ_ATTRIBUTES");

    private static Comparisons.Ratio open(String a, String b) {
        return new Comparisons.Ratio(a, b, 1.01, 0.96, 1.06, 3, 90, "forks", "undecided");
    }

    @Test
    void theVariantsOfTheOpenComparisonsInTheQuestionsOrder() {
        assertThat(AddedForks.measuredIn(LABELS, List.of(open("READ_ATTRIBUTES", "NOFOLLOW"), open("NOT_EXISTS", "NOFOLLOW"))))
                .containsExactly("NOFOLLOW", "NOT_EXISTS", "READ_ATTRIBUTES");
    }

    @Test
    void everyVariantWhenNothingIsOpen() {
        assertThat(AddedForks.measuredIn(LABELS, List.of())).isEqualTo(LABELS);
    }
}
