package jab.harness.stats;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

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
 * @param rho        the spending function's power (Kim and DeMets 1987): 1 spends evenly over the forks (close to
 *                   Pocock's design), 3 keeps most for the last looks (close to O'Brien and Fleming's), below 1
 *                   spends most at the first looks
 * @param floor      whether the fork means' spread is floored at their rounds' standard error
 */
@JsonIgnoreProperties(value = "quantiles", allowGetters = true)
public record SequentialDesign(int firstForks, int maxForks, double rho, boolean floor) {
    public static final double ALPHA = 1 - ForkInterval.CONFIDENCE;

    /**
     * The spending function's power runs whose budget ended their looks before the fork limit chose until
     * 2026-12-02, kept to read and simulate them (their budget left 4-5 s for added forks, so they now
     * look once by the clock, {@link #oneLookAt}): one half, which spends more of the error at the first looks than an even spending does (after 3 of 10
     * forks, 55% of it against 30%). A default run decides most comparisons by their first three forks
     * and its budget gives the rest one to three more (five default runs of 2026-11-30: 33 to 102 of
     * their 102 comparisons kept 3 forks, a few reached 8-10), so that is where the error is worth
     * spending: the first look's boundary falls from 8.05 to 5.92, the second's from 6.11 to 5.60, and
     * from six forks on they rise by 5-13% (4.10 to 4.32 at six, 3.00 to 3.39 at ten). Replayed on those
     * runs' first forks, it answered 3 to 11 more of their 102 comparisons than an even spending; on a
     * run of 2026-11-28, 72 where an even spending answered 68, a power of 2 47 and of 3 30.
     */
    public static final double EARLY_LOOKS_RHO = 0.5;

    /**
     * The power for a run without a budget ({@code --profile thorough}, {@code --budget none}), whose
     * comparisons may go on to the fork limit and stop where they are decided: an even spending.
     * Simulated to the fork limit on the noise of four default runs, it left 43% of comparisons at a true ratio of 1 undecided where one half left 51%;
     * two {@code jab calibrate fs} runs of 2026-11-30 (comparisons to 9-13 forks) with one half called 39
     * and 30 of 48 A/A ratios the same where two with an even spending had called 45 and 46.
     */
    public static final double ALL_LOOKS_RHO = 1.0;

    /**
     * A single look after {@code forks} forks, all of them run before it whatever the ratios: for a run
     * with a budget, which counts them by the clock once its first forks ran. A run whose budget holds
     * every fork to the limit would take its comparisons there anyway (the time a verdict saves goes to
     * narrowing decided ratios), and one whose budget ends first holds few added forks (a default run on
     * this project's VM: none); a single look after them is Student's t, at 10 forks 2.26 where an even
     * spending's last look is 3.00 and at 3 forks 4.30 where the early one's first look was 5.92, with no
     * correction to pay for, and the interval a reader recomputes by hand.
     */
    public static SequentialDesign oneLookAt(int forks) {
        return new SequentialDesign(forks, forks, ALL_LOOKS_RHO, true);
    }

    /** One look, plain t over the fork means: what comparisons.json files before format 3 hold. */
    public static final SequentialDesign FIXED = new SequentialDesign(0, 0, 1, false);

    private static final Map<SequentialDesign, double[]> BOUNDARIES = new ConcurrentHashMap<>();

    /**
     * jab's design for a question whose first forks are {@code firstForks} and whose comparisons may get
     * {@code maxForks}, in a run whose budget ends the looks before that limit ({@code looksEndEarly}) or
     * not. Either spending is chosen before the first fork, which is all the error control asks of it.
     */
    public static SequentialDesign of(int firstForks, int maxForks, boolean looksEndEarly) {
        return new SequentialDesign(firstForks, Math.max(firstForks, maxForks), looksEndEarly ? EARLY_LOOKS_RHO : ALL_LOOKS_RHO, true);
    }

    /** Whether forks may be added after the first look: a single look needs no correction. */
    public boolean sequential() {
        return maxForks > firstForks && firstForks >= 2;
    }

    /**
     * The multiplier of each look, from the first forks' to the fork limit's ({@link #quantile} at
     * firstForks, firstForks + 1, ..., maxForks; none for {@link #FIXED}), written beside the design in
     * comparisons.json: with it a reader recomputes every interval from the rounds alone, as the mean of
     * the first n (at most maxForks) fork log-ratios plus or minus c_n times max(their standard
     * deviation, the floor) over root n, without searching for the boundaries again.
     */
    @JsonProperty("quantiles")
    public List<Double> quantiles() {
        return firstForks < 2 ? List.of() : IntStream.rangeClosed(firstForks, maxForks).mapToObj(this::quantile).toList();
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
