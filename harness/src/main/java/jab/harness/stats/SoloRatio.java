package jab.harness.stats;

import java.util.Arrays;

/**
 * Whether sharing a JVM changed a ratio: two variants' solo forks (plain JMH, each alone in its JVM)
 * against the same two interleaved. Comparing each solo score with its interleaved one does not work on
 * a cloud VM: the solo forks run minutes apart from the interleaved ones, and the machine's speed moves
 * between them (measured here: solo scores 7-36% faster than interleaved ones, the in-process stat(2)
 * floor, which no variant shares code with, 20% faster too). That move cancels in a ratio of the two
 * solo forks, measured near each other, so the check is on the ratio: the solo ratio must lie within the
 * 95% prediction interval of the interleaved one, whose width comes from how much each variant's fork
 * mean varies from fork to fork (a solo fork varies as much) and from the interleaved ratio's own error.
 *
 * @param solo        mean solo score a over mean solo score b
 * @param interleaved the interleaved ratio a / b
 * @param allowed     the prediction half-width on the log scale, as a factor less one (0.05: within 1.05x either way);
 *                    NaN without two interleaved forks
 */
public record SoloRatio(double solo, double interleaved, double allowed) {

    /**
     * @param soloA          fork means of a's solo forks
     * @param soloB          fork means of b's solo forks
     * @param interleavedA   a's fork means in the interleaved forks
     * @param interleavedB   b's fork means in the interleaved forks
     * @param forkLogRatios  each interleaved fork's mean log(a / b)
     */
    public static SoloRatio of(double[] soloA, double[] soloB, double[] interleavedA, double[] interleavedB, double[] forkLogRatios) {
        double solo = Stats.mean(soloA) / Stats.mean(soloB);
        double interleaved = Math.exp(Stats.mean(forkLogRatios));
        int n = forkLogRatios.length;
        if (n < 2 || interleavedA.length < 2 || interleavedB.length < 2) {
            return new SoloRatio(solo, interleaved, Double.NaN);
        }
        double varA = variance(logs(interleavedA)) / soloA.length;
        double varB = variance(logs(interleavedB)) / soloB.length;
        double varRatio = variance(forkLogRatios) / n;
        double half = ForkInterval.tQuantile(Math.min(n, Math.min(interleavedA.length, interleavedB.length)))
                * Math.sqrt(varA + varB + varRatio);
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
