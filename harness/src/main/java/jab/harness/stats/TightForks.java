package jab.harness.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * An answer resting on forks that agree more closely than their own rounds allow. Each fork's mean
 * log-ratio carries the noise of its rounds (its standard error over them), so the spread of the fork
 * means should be at least about that large; the t interval over forks takes their spread as it
 * comes, and when a few forks happen to land close together it is far narrower than any one of them
 * can tell. Measured with {@code jab calibrate fs} on a 2-vCPU cloud VM: of 80 A/A comparisons (a
 * variant against itself, ratio 1 by construction), three had forks like 0.9680, 0.9696 and 0.9673,
 * each ±2.3-3.0% over its own rounds, and an interval of [0.965-0.971] that missed 1; the rounds' heavy
 * tails (a round that straddles one of the machine's speed switches is off by 30-50%) make such
 * chance agreement more common than normal noise would.
 *
 * <p>Such an answer (a verdict, or an interval narrow enough to answer by its width) is not taken as
 * final while the forks may still grow: the comparison stays open until another fork shows the spread.
 * Only answers that would not hold with the forks' spread put at their rounds' error count, so a 4x
 * ratio decided by three tight forks stays decided. Open when the
 * fork means' standard deviation is under {@link #TOO_CLOSE} of their rounds' standard error: at three
 * forks with no more than the rounds' noise that happens by chance to about 4% of comparisons
 * (chi-squared, 2 degrees of freedom), and the replayed default runs on record had 0 or 1 such answer
 * that flips.
 */
public final class TightForks {
    /** Fork means spread less than this share of a fork mean's standard error over its rounds: too close. */
    static final double TOO_CLOSE = 0.2;

    private TightForks() {
    }

    /**
     * Whether the answer on these forks (each fork's round log-ratios) rests on forks agreeing more
     * closely than their rounds allow: they are too close, the ratio is answered (a verdict with
     * {@code band}, or an interval no wider than ±{@code answeredWidth}), and with the forks' spread
     * put at their rounds' standard error it would not be.
     */
    public static boolean answerRestsOnThem(List<double[]> logRatiosPerFork, double band, double answeredWidth, boolean higherIsBetter) {
        List<double[]> forks = new ArrayList<>();
        for (double[] f : logRatiosPerFork) {
            if (f.length >= 2) {
                forks.add(f);
            }
        }
        if (forks.size() < 2) {
            return false;
        }
        double[] means = forks.stream().mapToDouble(Stats::mean).toArray();
        double between = Stats.stdev(means);
        double within = Math.sqrt(forks.stream().mapToDouble(f -> {
            double sd = Stats.stdev(f);
            return sd * sd / f.length;
        }).average().orElse(Double.NaN));
        if (!(between < TOO_CLOSE * within)) {
            return false;
        }
        PairedRatio asMeasured = PairedRatio.of(forks);
        double m = Math.log(asMeasured.ratio());
        double hw = ForkInterval.tQuantile(forks.size()) * within / Math.sqrt(forks.size());
        PairedRatio spread = new PairedRatio(asMeasured.ratio(), Math.exp(m - hw), Math.exp(m + hw), asMeasured.forks(),
                asMeasured.rounds(), true);
        return answered(asMeasured, band, answeredWidth, higherIsBetter) && !answered(spread, band, answeredWidth, higherIsBetter);
    }

    private static boolean answered(PairedRatio r, double band, double answeredWidth, boolean higherIsBetter) {
        return RatioVerdict.of(r, band, higherIsBetter) != RatioVerdict.UNDECIDED || r.relativeHalfWidth() <= answeredWidth;
    }
}
