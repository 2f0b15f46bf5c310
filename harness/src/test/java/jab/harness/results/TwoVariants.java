package jab.harness.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jab.harness.stats.RatioVerdict;

/** A question of two variants, A (the reference) and B, whose forks have the given B/A ratios in each round. */
public final class TwoVariants {
    private TwoVariants() {
    }

    /** forks[i] holds fork i's B/A ratio of each round. */
    public static Comparisons.Asked question(String title, double[]... forks) {
        List<Comparisons.Fork> fs = new ArrayList<>();
        for (double[] ratios : forks) {
            List<Comparisons.Round> rounds = new ArrayList<>();
            for (double r : ratios) {
                rounds.add(new Comparisons.Round(List.of("A", "B"), List.of(1.0, r)));
            }
            fs.add(new Comparisons.Fork(fs.size(), rounds));
        }
        List<Comparisons.Variant> details = List.of(new Comparisons.Variant("A", "a()", "x.Y.a", Map.of(), "ns/op"),
                new Comparisons.Variant("B", "b()", "x.Y.b", Map.of(), "ns/op"));
        return new Comparisons.Asked(title, "toy", "17", Map.of(), List.of("A", "B"), "A", details, false, "",
                new Comparisons.Slices("50 ms", 10, 30, 4.0), fs, List.of(), jab.harness.stats.SequentialDesign.FIXED).withRatios(RatioVerdict.DEFAULT_BAND);
    }

    public static Comparisons doc(Comparisons.Asked... questions) {
        return new Comparisons(Comparisons.FORMAT_VERSION, RatioVerdict.DEFAULT_BAND, List.of(questions));
    }
}
