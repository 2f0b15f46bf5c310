package jab.harness.simulate;

import java.util.SplittableRandom;

/**
 * The noise of one comparison's forks, to simulate its stop rule on: each simulated fork's round
 * log-ratios, less the true ratio's log, and what its forks cost in time (the refinement sizes added
 * forks by it).
 */
interface ForkNoise {
    /** A fork's round log-ratios about 0: the fork's own offset (JIT, layout) plus each round's noise. */
    double[] fork(SplittableRandom random, int rounds);

    /** The rounds of a first fork. */
    int firstRounds();

    /** A fork's cost beside its measured rounds, in seconds. */
    double fixedSeconds();

    /** A measured round's cost, in seconds. */
    double roundSeconds();

    /** A slice's length in milliseconds. */
    long sliceMillis();

    /** Where the noise comes from, for the record. */
    String source();
}
