package jab.harness.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.runner.options.TimeValue;

import jab.harness.results.Comparisons;
import jab.harness.stats.PairedRatio;
import jab.harness.stats.Stats;

/**
 * The noise of a comparison a run measured, replayed: each simulated fork's rounds are the recorded
 * rounds' deviations from their fork's mean, drawn in blocks of {@link #BLOCK} consecutive rounds from
 * anywhere in the run (a moving-block bootstrap, Kuensch 1989: the heavy tails, the machine's speed
 * switches and whatever correlates neighbouring rounds come along as they were), plus a fork offset
 * drawn from a normal with the spread the recorded fork means show beyond their rounds' (the
 * fork-to-fork effect: JIT decisions, code layout).
 *
 * <p>The pitfall: a block as long as a recorded fork holds all of its deviations, which sum to 0 about
 * their own mean, and a simulated fork made of it has no round noise in its mean at all. Short blocks
 * from random places carry the round noise into the fork mean as it was.
 */
final class RecordedNoise implements ForkNoise {
    /** Forks with fewer rounds than this are not used: a fork mean of a few rounds says little of the spread. */
    static final int FEWEST_ROUNDS = 10;
    /** Consecutive rounds drawn together: neighbouring rounds' log-ratios correlate about 0.1-0.2 (fs, 12 ms slices), rounds 10 apart hardly. */
    static final int BLOCK = 10;

    private final String source;
    /** Every recorded fork's deviations, one after the other: a block read past one fork's end runs on into the next's. */
    private final double[] deviations;
    private final double forkSpread;
    private final int firstRounds;
    private final double fixedSeconds;
    private final double roundSeconds;
    private final long sliceMillis;

    private RecordedNoise(String source, double[] deviations, double forkSpread, int firstRounds, double fixedSeconds, double roundSeconds,
                          long sliceMillis) {
        this.source = source;
        this.deviations = deviations;
        this.forkSpread = forkSpread;
        this.firstRounds = firstRounds;
        this.fixedSeconds = fixedSeconds;
        this.roundSeconds = roundSeconds;
        this.sliceMillis = sliceMillis;
    }

    /** The noise of a / b in question q, if at least two of its forks measured both for enough rounds. */
    static Optional<RecordedNoise> of(Comparisons.Asked q, String a, String b) {
        List<double[]> forks = q.logRatiosPerFork(a, b).stream().filter(f -> f.length >= FEWEST_ROUNDS).toList();
        if (forks.size() < 2 || q.slices() == null || !q.notInterleaved().isEmpty()) {
            return Optional.empty();
        }
        List<Double> all = new ArrayList<>();
        double[] means = new double[forks.size()];
        for (int i = 0; i < forks.size(); i++) {
            double[] f = forks.get(i);
            means[i] = Stats.mean(f);
            for (double x : f) {
                all.add(x - means[i]);
            }
        }
        double floor = PairedRatio.roundsFloor(forks);
        double within = floor * floor;
        double between = Stats.stdev(means);
        double forkSpread = Math.sqrt(Math.max(0, between * between - within));
        long sliceMillis = TimeValue.fromString(q.slices().slice()).convertTo(TimeUnit.MILLISECONDS);
        int variants = q.variants().size();
        double roundSeconds = variants * sliceMillis / 1e3;
        int first = q.slices().rounds();
        double fixed = Math.max(0.5, q.slices().secondsPerFork() - first * roundSeconds);
        return Optional.of(new RecordedNoise(q.question() + " (JDK " + q.jdk() + "): " + a + " / " + b,
                all.stream().mapToDouble(Double::doubleValue).toArray(), forkSpread, first, fixed, roundSeconds, sliceMillis));
    }

    @Override
    public double[] fork(SplittableRandom random, int rounds) {
        double offset = forkSpread * random.nextGaussian();
        double[] out = new double[rounds];
        int start = 0;
        for (int i = 0; i < rounds; i++) {
            if (i % BLOCK == 0) {
                start = random.nextInt(deviations.length);
            }
            out[i] = offset + deviations[(start + i % BLOCK) % deviations.length];
        }
        return out;
    }

    @Override
    public int firstRounds() {
        return firstRounds;
    }

    @Override
    public double fixedSeconds() {
        return fixedSeconds;
    }

    @Override
    public double roundSeconds() {
        return roundSeconds;
    }

    @Override
    public long sliceMillis() {
        return sliceMillis;
    }

    @Override
    public String source() {
        return source;
    }

    /** The spread of the fork offsets, on the log scale. */
    double forkSpread() {
        return forkSpread;
    }
}
