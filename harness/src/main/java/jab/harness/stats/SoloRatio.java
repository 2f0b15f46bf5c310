package jab.harness.stats;

import java.util.Arrays;

/**
 * Whether sharing a JVM changed a ratio: two variants' solo forks (plain JMH, each alone in its JVM)
 * against the same two interleaved. Comparing each solo score with its interleaved one does not work on
 * a cloud VM: the solo forks run minutes apart from the interleaved ones, and the machine's speed moves
 * between them (measured here: solo scores 7-36% faster than interleaved ones, the in-process stat(2)
 * floor, which no variant shares code with, 20% faster too). So the check is on the ratio: the solo
 * ratio must lie within the 95% prediction interval of the interleaved one.
 *
 * <p>The pitfall is in how wide that interval must be. A solo fork measures about a second of one
 * stretch of time, and on this VM the machine runs at one of two speeds about 1.4x apart for seconds at
 * a time: a solo fork lands in one of them (File.exists() on a missing file, eight plain JMH forks: fork
 * means 1.17-1.70 us, each fork's five iterations at one level). An interleaved fork spreads a variant's
 * slices over its whole length and averages the two speeds, so its fork means vary far less, and an
 * interval drawn from them called solo forks "different" that eight forks per variant showed to agree.
 * The interval therefore takes a solo fork's spread from the interleaved slices themselves, each one
 * a moment of the machine as a solo fork is, plus the interleaved ratio's own error: with one solo fork
 * per variant on such a machine it only sees gross differences, and says how large.
 *
 * @param solo        mean solo score a over mean solo score b
 * @param interleaved the interleaved ratio a / b
 * @param allowed     the prediction half-width on the log scale, as a factor less one (0.05: within 1.05x either way);
 *                    NaN without two interleaved forks
 */
public record SoloRatio(double solo, double interleaved, double allowed) {
    private static final double Z95 = 1.959964;

    /**
     * @param soloA          fork means of a's solo forks
     * @param soloB          fork means of b's solo forks
     * @param momentsA       a's scores at the moments the interleaved forks measured it (its slices)
     * @param momentsB       b's slices
     * @param forkLogRatios  each interleaved fork's mean log(a / b)
     */
    public static SoloRatio of(double[] soloA, double[] soloB, double[] momentsA, double[] momentsB, double[] forkLogRatios) {
        double solo = Stats.mean(soloA) / Stats.mean(soloB);
        double interleaved = Math.exp(Stats.mean(forkLogRatios));
        int n = forkLogRatios.length;
        if (n < 2 || momentsA.length < 2 || momentsB.length < 2) {
            return new SoloRatio(solo, interleaved, Double.NaN);
        }
        double varA = variance(logs(momentsA)) / soloA.length;
        double varB = variance(logs(momentsB)) / soloB.length;
        double varRatio = variance(forkLogRatios) / n;
        // the slices' spread is known from hundreds of slices (a normal quantile); the ratio's error from n forks (Student's t)
        double t = ForkInterval.tQuantile(n);
        double half = Math.sqrt(Z95 * Z95 * (varA + varB) + t * t * varRatio);
        return new SoloRatio(solo, interleaved, Math.exp(half) - 1);
    }

    /** How far apart the two ratios are, as a factor of at least 1 (1.25 either way round). */
    public double apart() {
        return Math.exp(Math.abs(Math.log(solo / interleaved)));
    }

    /** True unless the solo ratio lies outside the prediction interval (a NaN allowance agrees: nothing to test). */
    public boolean agrees() {
        return !(apart() > 1 + allowed);
    }

    private static double[] logs(double[] xs) {
        return Arrays.stream(xs).map(Math::log).toArray();
    }

    private static double variance(double[] xs) {
        double s = Stats.stdev(xs);
        return s * s;
    }
}
