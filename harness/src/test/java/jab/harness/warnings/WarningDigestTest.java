package jab.harness.warnings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class WarningDigestTest {

    @Test
    void oneLinePerKindWithHowManyAndTheWorst() {
        List<Warning> ws = List.of(
                new Warning(Warning.Kind.FORKS_DISAGREE, "JDK 17 A.a", "1.2x apart.", "add forks", 1.2),
                new Warning(Warning.Kind.OUTLIERS, "JDK 17 A.a", "2 outliers.", "read the median", 0.02),
                new Warning(Warning.Kind.FORKS_DISAGREE, "JDK 17 B.b", "1.9x apart.", "add forks", 1.9),
                new Warning(Warning.Kind.FORKS_DISAGREE, "JDK 17 C.c", "1.1x apart.", "add forks", 1.1),
                new Warning(Warning.Kind.BUSY_MACHINE, "JDK 17", "others used 30%.", "measure again"));
        List<String> lines = WarningDigest.lines(ws);
        assertThat(lines).containsExactly(
                "forks disagree: 3 results; the worst, JDK 17 B.b: 1.9x apart.",
                "outliers: JDK 17 A.a: 2 outliers.",
                "busy machine: JDK 17: others used 30%.");
    }

    @Test
    void aKindWhoseSubjectsAreCountedSaysHowManyOfThoseChecked() {
        List<Warning> ws = List.of(
                new Warning(Warning.Kind.ROUNDS_DRIFT, "JDK 17 q: A over B", "moves by +6%.", "x", 0.06, 102),
                new Warning(Warning.Kind.ROUNDS_DRIFT, "JDK 17 q: C over B", "moves by -9%.", "x", 0.09, 102),
                new Warning(Warning.Kind.CARRY_OVER, "JDK 17 q", "after A, +5%.", "x", 0.05, 14));
        assertThat(WarningDigest.lines(ws)).containsExactly(
                "carry-over between slices: 1 of 14 questions, JDK 17 q: after A, +5%.",
                "drift over a fork's rounds: 2 of 102 comparisons; the worst, JDK 17 q: C over B: moves by -9%.");
    }

    @Test
    void withoutAMeasureTheFirstStandsForItsKind() {
        List<Warning> ws = List.of(new Warning(Warning.Kind.BUSY_MACHINE, "part one", "first.", "x"),
                new Warning(Warning.Kind.BUSY_MACHINE, "part two", "second.", "x"));
        assertThat(WarningDigest.lines(ws)).containsExactly("busy machine: 2 parts of the run; the worst, part one: first.");
    }
}
