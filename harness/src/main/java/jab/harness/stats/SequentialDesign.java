package jab.harness.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How wide a ratio's interval is after n forks, when forks are added until its verdict is reached.
 *
 * <p>The pitfall: a run adds forks to a comparison until its interval lies beyond or within the band,
 * and tests the same 95% interval after every fork. Each look is another chance for noise to push the
 * interval over an edge, and the run stops at the first that does: ten looks at 5% err about 19% of
 * the time (Armitage, McPherson and Rowe 1969), and the errors fall exactly where the forks go, on
 * ratios near the band's edge.
 *
 * <p>The cure used here: repeated confidence intervals (Jennison and Turnbull, JRSS B 1989; their book,
 * chapter 9), from an alpha-spending function (Lan and DeMets 1983). The look after n forks uses the
 * boundary {@link StudentBoundaries} gives Student's t for looks at {@code firstForks}, firstForks + 1,
 * ..., spending {@code alpha (n / maxForks)^rho} of the error by then. Intervals built so cover the truth
 * at every look at once with 95%, so whichever look the run stops at, whatever made it stop (a verdict,
 * the budget, the fork limit) and whatever it does with the time left (narrowing decided ratios), a
 * verdict is wrong on either side at most 2.5% of the time. The spread of the fork means is never taken
 * below what their own rounds allow ({@link PairedRatio}): a few forks that happen to agree closely
 * would otherwise give an interval narrower than any one of them can tell.
 *
 * <p>{@link #FIXED} is the interval of a single look, as comparisons.json files of format 1 and 2 were
 * written: Student's t over the fork means, without the floor.
 *
 * @param firstForks the forks of the first look (a question's first forks)
 * @param maxForks   the most forks a comparison may get; its last look spends all of alpha
 * @param rho        the spending function's power: 1 spends evenly over the forks (as Pocock's design does),
 *                   3 keeps most for the last looks (as O'Brien and Fleming's does)
 * @param floor      whether the fork means' spread is floored at their rounds' standard error
 */
public record SequentialDesign(int firstForks, int maxForks, double rho, boolean floor) {
    public static final double ALPHA = 1 - ForkInterval.CONFIDENCE;

    /**
     * The spending function's power jab uses, an even spending. Replayed on a default run's 102
     * comparisons (2026-11-28), it answered 68 by their first three forks where a power of 2 answered
     * 47 and of 3 answered 30; most comparisons are decided by their first forks, so a design that
     * keeps its error for the last looks costs a run more forks than it saves there.
     */
    public static final double RHO = 1.0;

    /** One look, plain t over the fork means: what comparisons.json files before format 3 hold. */
    public static final SequentialDesign FIXED = new SequentialDesign(0, 0, 1, false);

    private static final Map<SequentialDesign, double[]> BOUNDARIES = new ConcurrentHashMap<>();

    /** jab's design for a question whose first forks are {@code firstForks} and whose comparisons may get {@code maxForks}. */
    public static SequentialDesign of(int firstForks, int maxForks) {
        return new SequentialDesign(firstForks, Math.max(firstForks, maxForks), RHO, true);
    }

    /** Whether forks may be added after the first look: a single look needs no correction. */
    public boolean sequential() {
        return maxForks > firstForks && firstForks >= 2;
    }

    /**
     * The multiplier of the fork means' standard error at the look after {@code n} forks: Student's t
     * quantile for a single look; the look's boundary for a sequential design (past the fork limit, which
     * a run never reaches, the last look's).
     */
    public double quantile(int n) {
        if (n < 2) {
            return Double.NaN;
        }
        if (!sequential() || n < firstForks) {
            return ForkInterval.tQuantile(n);
        }
        double[] c = BOUNDARIES.computeIfAbsent(this, d -> StudentBoundaries.of(firstForks, maxForks,
                looks -> ALPHA * Math.pow((double) looks / maxForks, rho)));
        return c[Math.min(n, maxForks) - firstForks];
    }
}
