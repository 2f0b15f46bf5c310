package jab.harness.stats;

import java.util.List;

/**
 * How many rounds a fork should run, from where a ratio's variance lies (Kalibera and Jones, "Rigorous
 * benchmarking in reasonable time", ISMM 2013, two levels): a fork costs its start and warm-up once and
 * then each round; the rounds average out the variance within a fork, only more forks average out the
 * variance between forks (JIT decisions, code layout). The cheapest way to a given precision runs
 * sqrt((fork cost / round cost) x (within variance / between variance)) rounds per fork: many rounds
 * when a fork is dear and its rounds noisy, few when forks differ more than rounds do.
 */
public final class RoundsPerFork {
    private RoundsPerFork() {
    }

    /**
     * @param logRatiosPerFork each fork's round log-ratios (at least two forks of at least two rounds)
     * @param forkSeconds      what a fork costs beside its rounds (JVM start, warm-up rounds)
     * @param roundSeconds     what one round costs
     * @param least            the fewest rounds to return
     * @param most             the most
     * @return the rounds per fork, within [least, most]; {@code least} without two forks to tell the variances apart
     */
    public static int optimal(List<double[]> logRatiosPerFork, double forkSeconds, double roundSeconds, int least, int most) {
        List<double[]> forks = logRatiosPerFork.stream().filter(f -> f.length >= 2).toList();
        if (forks.size() < 2 || !(roundSeconds > 0) || !(forkSeconds > 0)) {
            return least;
        }
        double within = 0;
        double rounds = 0;
        double[] means = new double[forks.size()];
        for (int i = 0; i < forks.size(); i++) {
            double sd = Stats.stdev(forks.get(i));
            within += sd * sd;
            rounds += forks.get(i).length;
            means[i] = Stats.mean(forks.get(i));
        }
        within /= forks.size();
        rounds /= forks.size();
        double sdMeans = Stats.stdev(means);
        // a fork mean's variance holds the between-fork variance and the within variance over its rounds
        double between = sdMeans * sdMeans - within / rounds;
        if (!(between > 0)) {
            return most; // the fork means vary no more than their rounds explain: rounds are as good as forks, and cheaper
        }
        double r = Math.sqrt(forkSeconds / roundSeconds * within / between);
        return (int) Math.max(least, Math.min(most, Math.ceil(r)));
    }

    /**
     * The fewest milliseconds an added fork measures each variant for: a fork's mean log-ratio over
     * fewer (20 slices of 50 ms) is too rough to pool with the rest.
     */
    static final long FEWEST_ADDED_MILLIS = 1000;

    /**
     * The rounds of a fork added to a comparison ({@link #optimal}): at least {@link #FEWEST_ADDED_MILLIS}
     * of slices of {@code sliceMillis} unless the first forks ran fewer, at most four times the first
     * forks' rounds.
     */
    public static int ofAddedFork(List<double[]> logRatiosPerFork, double forkSeconds, double roundSeconds, int firstRounds,
                                  long sliceMillis) {
        int fewest = (int) ((FEWEST_ADDED_MILLIS + sliceMillis - 1) / Math.max(1, sliceMillis));
        return optimal(logRatiosPerFork, forkSeconds, roundSeconds, Math.min(fewest, firstRounds), 4 * firstRounds);
    }
}
