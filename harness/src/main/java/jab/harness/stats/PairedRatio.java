package jab.harness.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * The ratio of two variants measured interleaved: in each fork, the mean over rounds of
 * log(score A / score B), the two slices of a round having run within a few hundred milliseconds of
 * each other; over forks, the mean of those fork log-ratios with Student's t 95% interval, exponentiated.
 * The fork is the unit of replication (JIT decisions and code layout move a ratio between JVMs by
 * about 2%, which no number of rounds inside one JVM shows), so with one fork the interval varies
 * over rounds only and is marked so.
 *
 * @param ratio  exp(mean of the fork log-ratios): score A / score B
 * @param low    the 95% interval's lower end
 * @param high   its upper end
 * @param forks  forks with paired rounds
 * @param rounds paired rounds over all forks
 * @param overForks whether the interval varies over forks (two or more); else over one fork's rounds
 */
public record PairedRatio(double ratio, double low, double high, int forks, int rounds, boolean overForks) {
    /** The most forks {@link #forksToDecide} is asked to count to: a ratio needing more sits on the band's edge. */
    public static final int FORKS_COUNTED = 100;

    /** From each fork's paired log-ratios (log(A/B) of each round where both ran), as a single look: {@link SequentialDesign#FIXED}. */
    public static PairedRatio of(List<double[]> logRatiosPerFork) {
        return of(logRatiosPerFork, SequentialDesign.FIXED);
    }

    /**
     * From each fork's paired log-ratios, the interval at the look after this many forks of
     * {@code design}: the mean of the fork means, plus or minus the design's quantile times their
     * standard error, that spread floored (when the design says so) at what a fork mean varies by its
     * own rounds alone (the root mean square of their standard errors): forks cannot agree more closely
     * than their rounds let them, and when a few happen to, the floor keeps the interval honest.
     *
     * <p>A sequential design's last look is its fork limit, and only its first {@code maxForks} forks
     * are taken. A comparison may get more: an added fork measures the variants of a case's open
     * comparisons, and a closed comparison between two of them gets it too (in two calibrations of
     * 2026-11-30, 59 and 49 of 112 comparisons got 11 to 13 forks). A look past the limit is one the
     * alpha spending never paid for, so its interval's coverage would be claimed, not proven.
     */
    public static PairedRatio of(List<double[]> logRatiosPerFork, SequentialDesign design) {
        List<double[]> forks = new ArrayList<>();
        int rounds = 0;
        for (double[] f : logRatiosPerFork) {
            if (design.sequential() && forks.size() == design.maxForks()) {
                break;
            }
            if (f.length > 0) {
                forks.add(f);
                rounds += f.length;
            }
        }
        if (forks.isEmpty()) {
            return new PairedRatio(Double.NaN, Double.NaN, Double.NaN, 0, 0, false);
        }
        if (forks.size() == 1) {
            double[] xs = forks.get(0);
            double m = Stats.mean(xs);
            double hw = xs.length >= 2 ? ForkInterval.tHalfWidth(xs) : Double.NaN;
            return new PairedRatio(Math.exp(m), Math.exp(m - hw), Math.exp(m + hw), 1, rounds, false);
        }
        double[] means = forks.stream().mapToDouble(Stats::mean).toArray();
        double m = Stats.mean(means);
        double spread = Stats.stdev(means);
        if (design.floor()) {
            spread = Math.max(spread, roundsFloor(forks));
        }
        double hw = design.quantile(means.length) * spread / Math.sqrt(means.length);
        return new PairedRatio(Math.exp(m), Math.exp(m - hw), Math.exp(m + hw), forks.size(), rounds, true);
    }

    /** The root mean square of the forks' standard errors over their rounds (forks of one round left out); 0 without any. */
    public static double roundsFloor(List<double[]> forks) {
        double sum = 0;
        int n = 0;
        for (double[] f : forks) {
            if (f.length >= 2) {
                double sd = Stats.stdev(f);
                sum += sd * sd / f.length;
                n++;
            }
        }
        return n == 0 ? 0 : Math.sqrt(sum / n);
    }

    /** The interval's half-width relative to the ratio, on the log scale (0.02 for ±2%); NaN without one. */
    public double relativeHalfWidth() {
        return Math.sqrt(high / low) - 1;
    }

    public boolean hasInterval() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    /** B / A, with the interval turned around. */
    public PairedRatio inverse() {
        return new PairedRatio(1 / ratio, 1 / high, 1 / low, forks, rounds, overForks);
    }

    /** {@link #forksToDecide(double, double, int, SequentialDesign)} with a single look's interval at every count. */
    public int forksToDecide(double band, double target, int limit) {
        return forksToDecide(band, target, limit, SequentialDesign.FIXED);
    }

    /**
     * The forks this ratio would need for a verdict, if its fork log-ratios kept their mean and spread:
     * its interval (as {@code design} draws it at each count) entirely beyond the band ({@code band},
     * 0.03 for ±3%) or entirely within it, or narrowed to {@code target} (a ratio this close to the
     * band's edge is answered by its width); {@code limit} at most. The forks it has when it has no
     * interval over forks or is decided already.
     */
    public int forksToDecide(double band, double target, int limit, SequentialDesign design) {
        if (!overForks) {
            return forks;
        }
        double m = Math.abs(Math.log(ratio));
        double edge = Math.log1p(band);
        double goal = Math.max(Math.abs(m - edge), Math.log1p(target));
        double sd = Math.log(high / ratio) * Math.sqrt(forks) / planningQuantile(design, forks);
        for (int n = forks; n < limit; n++) {
            if (planningQuantile(design, n) * sd / Math.sqrt(n) <= goal) {
                return n;
            }
        }
        return limit;
    }

    /**
     * The design's quantile at n forks; past its fork limit (a count only planning asks about), the
     * last look's, shrinking with the degrees of freedom as Student's t does.
     */
    private static double planningQuantile(SequentialDesign design, int n) {
        if (!design.sequential() || n <= design.maxForks()) {
            return design.quantile(n);
        }
        return design.quantile(design.maxForks()) * ForkInterval.tQuantile(n) / ForkInterval.tQuantile(design.maxForks());
    }
}
