package jab.harness.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Whether sharing a JVM changed a ratio: a variant's ratio to the reference in solo forks (plain JMH,
 * each variant alone in its JVM) against the same ratio interleaved. The variants share the JDK's code
 * in an interleaved fork and the JIT compiles it with the profile all of them made (profile
 * pollution), so a program running one variant alone may see another ratio.
 *
 * <p>The pitfall is the solo forks' error. Solo and interleaved forks run minutes apart, and on a cloud
 * VM the machine's speed moves over minutes (solo scores 7-36% faster than interleaved ones, the
 * in-process stat(2) floor 20% faster too), so a score is compared with nothing: only a ratio of solo
 * forks run seconds apart, in which the machine's speed mostly cancels. One such ratio a variant has no
 * error of its own, and drawing one from the interleaved slices let a 1.2x difference pass as agreement.
 * So the solo forks run in rounds, one fork of every variant back to back (solo-rounds.json), and the
 * rounds' spread is the error: per round, d = log(solo v / solo reference), the mean of the fork's log
 * iterations each (the interleaved estimator is a mean of log-ratios too).
 *
 * <p>With the two or three rounds a budgeted run affords, one variant's d varies with one or two degrees
 * of freedom, and t is 12.7 or 4.3. So the error is pooled over the question's variants ({@link Pooled}),
 * the rounds as blocks: it assumes every variant's solo fork varies as much about its round's level as
 * the others' do, which holds where the machine's moves between forks seconds apart make most of it,
 * and fails for a variant whose JVMs settle in two states (its spread then widens every variant's
 * interval a little, and its own may be too narrow).
 *
 * <p>The difference D = mean d - the interleaved mean log-ratio has the error
 * SE = sqrt(2 s² / rounds + SE_interleaved²), s² a solo fork's variance and the interleaved error over
 * its forks; its degrees of freedom are Welch-Satterthwaite's, rounded down and at most the pooled
 * variance's own. The cap is for the one or two degrees of freedom of a question of two or three
 * variants in two rounds: there s² often comes out far below its truth, Welch's count then follows the
 * interleaved forks', and simulated A/A questions disagreed 8-10% of the time at a nominal 5% (capped:
 * 0.7-4%; from three degrees of freedom up 4-5.5% either way). The check disagrees when D's 95% interval
 * excludes 0, and states its power: the smallest |D| it finds 4 times in 5, (t(0.975) + t(0.80)) SE
 * (simulated: 77-80% from three degrees of freedom up, 73-77% below).
 *
 * @param difference       D, solo less interleaved, on the log scale
 * @param halfWidth        the 95% half-width of D; NaN without an error (fewer than 2 rounds or interleaved forks)
 * @param detectable       the |D| found with {@link #POWER}; NaN with halfWidth
 * @param degreesOfFreedom of SE: Welch-Satterthwaite's, rounded down and at most the pooled variance's
 */
public record SoloCheck(double difference, double halfWidth, double detectable, double degreesOfFreedom) {
    public static final double CONFIDENCE = 0.95;
    public static final double POWER = 0.80;
    /** The fewest degrees of freedom of the pooled spread that make rounds worth their forks. */
    public static final int FEWEST_DEGREES_OF_FREEDOM = 3;

    /**
     * The solo rounds a question of {@code variants} variants gets of the {@code profileRounds} its
     * profile offers: all of them when their pooled spread has at least {@value #FEWEST_DEGREES_OF_FREEDOM}
     * degrees of freedom, (variants - 1)(rounds - 1), else one (no check). Below three, Student's 97.5%
     * quantile is 4.3 (two) or 12.7 (one), and the difference the check finds 4 times in 5 was 50% to
     * 230% for the two- and three-variant questions of the default runs of 2026-11-29: forks that find
     * nothing a reader would act on, paid for out of the budget that decides undecided answers.
     */
    public static int roundsWorthRunning(int variants, int profileRounds) {
        return (variants - 1) * (profileRounds - 1) >= FEWEST_DEGREES_OF_FREEDOM ? profileRounds : 1;
    }

    /**
     * The variance of a solo fork's mean log score about its round's level, from a table of them: a
     * row per variant (the reference among them), a column per round, every variant in every round (a
     * randomized block design, each round a block). The model log score = variant + round + noise takes
     * the machine's speed in each round out, and the residuals' squares over (variants - 1)(rounds - 1)
     * estimate the noise's variance. Pooling each variant's log-ratios to the reference instead would
     * count the reference's noise once per variant: their ratios share it, and the degrees of freedom
     * would be overstated (the reference's share of the noise seen once per round, counted seven times
     * over for eight variants).
     */
    public record Pooled(double variance, int degreesOfFreedom) {
        public static Pooled of(double[][] logMeans) {
            int variants = logMeans.length;
            int rounds = variants == 0 ? 0 : logMeans[0].length;
            int df = (variants - 1) * (rounds - 1);
            if (df < 1) {
                return new Pooled(Double.NaN, 0);
            }
            double[] variantMeans = new double[variants];
            double[] roundMeans = new double[rounds];
            double grand = 0;
            for (int v = 0; v < variants; v++) {
                for (int r = 0; r < rounds; r++) {
                    variantMeans[v] += logMeans[v][r] / rounds;
                    roundMeans[r] += logMeans[v][r] / variants;
                    grand += logMeans[v][r] / (variants * rounds);
                }
            }
            double squares = 0;
            for (int v = 0; v < variants; v++) {
                for (int r = 0; r < rounds; r++) {
                    double residual = logMeans[v][r] - variantMeans[v] - roundMeans[r] + grand;
                    squares += residual * residual;
                }
            }
            return new Pooled(squares / df, df);
        }
    }

    /**
     * @param roundLogRatios one variant's d per round
     * @param pooled         the question's {@link Pooled} variance of a solo fork's mean log score
     * @param forkLogRatios  each interleaved fork's mean log(variant / reference)
     */
    public static SoloCheck of(double[] roundLogRatios, Pooled pooled, double[] forkLogRatios) {
        int n = forkLogRatios.length;
        double difference = Stats.mean(roundLogRatios) - Stats.mean(forkLogRatios);
        if (roundLogRatios.length == 0 || pooled.degreesOfFreedom() < 1 || n < 2) {
            return new SoloCheck(difference, Double.NaN, Double.NaN, Double.NaN);
        }
        double solo = 2 * pooled.variance() / roundLogRatios.length; // d is a difference of two forks
        double sd = Stats.stdev(forkLogRatios);
        double interleaved = sd * sd / n;
        double se = Math.sqrt(solo + interleaved);
        double welch = se == 0 ? pooled.degreesOfFreedom()
                : Math.pow(solo + interleaved, 2) / (solo * solo / pooled.degreesOfFreedom() + interleaved * interleaved / (n - 1));
        double df = Math.min(Math.floor(welch), pooled.degreesOfFreedom());
        TDistribution t = TDistribution.of(df);
        double t95 = t.inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        return new SoloCheck(difference, t95 * se, (t95 + t.inverseCumulativeProbability(POWER)) * se, df);
    }

    /** Whether the check had an error to judge by: two rounds and two interleaved forks at least. */
    public boolean checked() {
        return Double.isFinite(halfWidth);
    }

    /** True unless D's 95% interval excludes 0 (an unchecked difference agrees: nothing to test). */
    public boolean agrees() {
        return !(Math.abs(difference) > halfWidth);
    }

    /** How far solo and interleaved are apart, in multiples of the half-width the check allows. */
    public double timesAllowed() {
        return Math.abs(difference) / halfWidth;
    }

    /** The difference found with {@link #POWER}, as a factor less one (0.06: solo and interleaved 6% apart). */
    public double detectableFactor() {
        return Math.expm1(detectable);
    }
}
