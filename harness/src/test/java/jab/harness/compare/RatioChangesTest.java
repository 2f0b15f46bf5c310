package jab.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import jab.harness.results.TwoVariants;

class RatioChangesTest {

    @Test
    void aRatioThatMovedBeyondTheBandIsChangedOneThatStayedIsTheSame() {
        var before = TwoVariants.doc(
                TwoVariants.question("steady", new double[] {1.10}, new double[] {1.101}, new double[] {1.099}),
                TwoVariants.question("moved", new double[] {1.10}, new double[] {1.101}, new double[] {1.099}),
                TwoVariants.question("only in A", new double[] {1.0}, new double[] {1.0}));
        var after = TwoVariants.doc(
                TwoVariants.question("steady", new double[] {1.102}, new double[] {1.099}, new double[] {1.100}),
                TwoVariants.question("moved", new double[] {1.25}, new double[] {1.26}, new double[] {1.24}));
        List<RatioChanges.Change> cs = RatioChanges.of(before, after);
        assertThat(cs).extracting(RatioChanges.Change::question, RatioChanges.Change::verdict)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("steady", "the same"), org.assertj.core.groups.Tuple.tuple("moved", "changed"));
        assertThat(cs.get(1).change().ratio()).isBetween(1.12, 1.15);
        List<String> lines = RatioChanges.lines(Optional.of(before), Optional.of(after));
        assertThat(lines.get(lines.size() - 1)).startsWith("2 within-run ratios in both runs: 1 changed");
        assertThat(String.join("\n", lines)).contains("moved, JDK 17: b() / a() 1.100 -> 1.250");
    }

    @Test
    void nothingWithoutComparisonsOnBothSides() {
        assertThat(RatioChanges.lines(Optional.empty(), Optional.of(TwoVariants.doc()))).isEmpty();
    }
}
