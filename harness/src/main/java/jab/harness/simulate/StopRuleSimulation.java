package jab.harness.simulate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import jab.harness.stats.PairedRatio;
import jab.harness.stats.RatioVerdict;
import jab.harness.stats.RoundsPerFork;
import jab.harness.stats.SequentialDesign;
import jab.harness.stats.StopRule;

/**
 * A run's stop rule played many times over on simulated forks whose true ratio is known: the first
 * forks, then a fork at a time while the {@link StopRule} keeps the comparison open (for a verdict,
 * then for the ratio goal, as if the budget never ran out: the most looks a comparison can get), each
 * added fork as many rounds as {@link RoundsPerFork} gives it, the interval at each look drawn by the
 * {@link SequentialDesign}. The classes are the run's own; only the forks are simulated ({@link ForkNoise}).
 * How often each verdict comes out at a true ratio, and how often the last interval covers it, is what
 * a verdict of that rule is worth on that noise.
 */
public final class StopRuleSimulation {
    /** The true ratios simulated: none, the band's edge, and two beyond it. */
    public static List<Double> trueRatios(double band) {
        return List.of(1.0, 1 + band, 1.05, 1.10);
    }

    /**
     * What came out at one true ratio.
     *
     * @param trueRatio score(a) / score(b), a the dearer variant: "slower" is the right verdict beyond the band
     * @param runs      simulated comparisons
     * @param coverage  the share whose last interval covers the truth
     * @param verdicts  how many came out faster, slower, the same, undecided
     * @param forks     the forks a comparison took, on average
     */
    public record Row(double trueRatio, int runs, double coverage, Map<String, Integer> verdicts, double forks) {
    }

    private final List<ForkNoise> noises;
    private final StopRule rule;
    private final int firstForks;

    /**
     * @param noises     the comparisons' noise to draw from, one at random per simulated comparison
     * @param rule       the stop rule
     * @param firstForks the forks every comparison starts with
     */
    StopRuleSimulation(List<ForkNoise> noises, StopRule rule, int firstForks) {
        if (noises.isEmpty()) {
            throw new IllegalArgumentException("no noise to simulate with");
        }
        this.noises = List.copyOf(noises);
        this.rule = rule;
        this.firstForks = firstForks;
    }

    /** {@code runs} comparisons at each true ratio, their intervals drawn by {@code design}; the same seed draws the same forks. */
    List<Row> rows(SequentialDesign design, int runs, long seed) {
        List<Row> out = new ArrayList<>();
        for (double truth : trueRatios(rule.band())) {
            out.add(row(truth, design, runs, new SplittableRandom(seed)));
        }
        return out;
    }

    private Row row(double truth, SequentialDesign design, int runs, SplittableRandom random) {
        Map<String, Integer> verdicts = new LinkedHashMap<>();
        for (RatioVerdict v : RatioVerdict.values()) {
            verdicts.put(v.words, 0);
        }
        int covered = 0;
        long forks = 0;
        for (int i = 0; i < runs; i++) {
            PairedRatio r = comparison(truth, design, noises.get(random.nextInt(noises.size())), random);
            verdicts.merge(RatioVerdict.of(r, rule.band(), false).words, 1, Integer::sum);
            covered += r.low() <= truth && truth <= r.high() ? 1 : 0;
            forks += r.forks();
        }
        return new Row(truth, runs, (double) covered / runs, verdicts, (double) forks / runs);
    }

    /** One comparison from its first forks to where the stop rule leaves it. */
    PairedRatio comparison(double truth, SequentialDesign design, ForkNoise noise, SplittableRandom random) {
        double shift = Math.log(truth);
        List<double[]> forks = new ArrayList<>();
        for (int k = 0; k < firstForks; k++) {
            forks.add(shifted(noise.fork(random, noise.firstRounds()), shift));
        }
        PairedRatio r = PairedRatio.of(forks, design);
        while (rule.beforeFirstLook(r, design) || rule.undecided(r) || rule.narrowable(r)) {
            // a planned fork runs the first forks' rounds, an added one as many as Kalibera and Jones's rule finds cheapest
            int rounds = rule.beforeFirstLook(r, design) ? noise.firstRounds()
                    : RoundsPerFork.ofAddedFork(forks, noise.fixedSeconds(), noise.roundSeconds(), noise.firstRounds(), noise.sliceMillis());
            forks.add(shifted(noise.fork(random, rounds), shift));
            r = PairedRatio.of(forks, design);
        }
        return r;
    }

    private static double[] shifted(double[] xs, double by) {
        for (int i = 0; i < xs.length; i++) {
            xs[i] += by;
        }
        return xs;
    }
}
