package jab.harness.stats;

import java.util.List;

/**
 * When a comparison gets another fork: jab's stop rule, one class so that a run and its simulation
 * ({@code jab calibrate --simulate}) apply exactly the same one.
 *
 * <p>A comparison is open while its verdict is undecided (its interval crosses an edge of the band)
 * and its interval is wider than {@code answeredWidth} (an undecided ratio narrowed that far sits on
 * the band's edge, and its width is the answer); once none is open, the time left narrows the ratios
 * wider than {@code ratioTarget}, decided or not. Neither past {@code maxForks}; and every ratio first
 * gets the forks its design runs before its first look. The intervals it reads are repeated confidence
 * intervals ({@link SequentialDesign}), or a single look after forks all planned, so stopping at
 * whichever look this rule picks keeps each wrong verdict at 2.5% at most.
 *
 * @param band          the equivalence band (0.03: ratios within ±3% are the same)
 * @param answeredWidth the half-width at which an undecided ratio counts as answered by its width
 * @param ratioTarget   the goal of the narrowing pass; 0 for none
 * @param maxForks      the most forks a comparison gets
 */
public record StopRule(double band, double answeredWidth, double ratioTarget, int maxForks) {

    /**
     * Whether the ratio has fewer forks than its design's first look: forks planned before any look, run
     * whatever the ratio so far (every fork of a design with a single look at the fork limit).
     */
    public boolean beforeFirstLook(PairedRatio r, SequentialDesign design) {
        return r.forks() < design.firstForks();
    }

    /** Whether the ratio wants another fork for a verdict. */
    public boolean undecided(PairedRatio r) {
        return r.forks() < maxForks && RatioVerdict.of(r, band, false) == RatioVerdict.UNDECIDED
                && !(r.relativeHalfWidth() <= answeredWidth);
    }

    /** Whether the ratio wants another fork in the narrowing pass: wider than the goal, under the fork limit. */
    public boolean narrowable(PairedRatio r) {
        return ratioTarget > 0 && r.forks() < maxForks && !(r.relativeHalfWidth() <= ratioTarget);
    }

    /** Whether the ratio is open in the pass: the verdicts' ({@code narrowing} false) or the narrowing one. */
    public boolean open(PairedRatio r, boolean narrowing) {
        return narrowing ? narrowable(r) : undecided(r);
    }

    /**
     * The verdicts the next fork of a question brings, expected: each open ratio counts one over the
     * forks it still needs if its forks keep their spread ({@link PairedRatio#forksToDecide}), so forks
     * go where verdicts are within reach, and a ratio that sits on the band's edge (tens of forks away)
     * draws little. The forks needed are counted past the fork limit: capped at it, a ratio no number
     * of forks within it would decide still counted one over the forks left to the limit, and the
     * write strategies (forks of 4.5 s, ratios 1-4% from the band's edge at ±4-6%) took the limit's
     * forks in 9 of 14 default runs while the fs questions' ratios a few forks from a verdict waited.
     */
    public double verdictsExpected(List<PairedRatio> open, SequentialDesign design) {
        double sum = 0;
        for (PairedRatio p : open) {
            sum += 1.0 / Math.max(1, p.forksToDecide(band, answeredWidth, PairedRatio.FORKS_COUNTED, design) - p.forks());
        }
        return sum;
    }
}
