package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class RoundsPerForkTest {

    /** Forks whose true log-ratios differ by {@code between} (sd), rounds scattering by {@code within} around them. */
    private static List<double[]> forks(int forks, int rounds, double between, double within, long seed) {
        Random r = new Random(seed);
        List<double[]> out = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double level = between * r.nextGaussian();
            double[] xs = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                xs[i] = level + within * r.nextGaussian();
            }
            out.add(xs);
        }
        return out;
    }

    @Test
    void followsKaliberaAndJonesSquareRootRule() {
        // within 0.12, between 0.025, a fork costing 30 rounds: sqrt(30 x 0.0144 / 0.000625) = 26.3
        List<double[]> data = forks(40, 200, 0.025, 0.12, 1);
        int r = RoundsPerFork.optimal(data, 3.0, 0.1, 1, 1000);
        assertThat(r).isBetween(18, 38);
    }

    @Test
    void dearForksAndNoisyRoundsAskForMoreRounds() {
        List<double[]> data = forks(40, 200, 0.025, 0.12, 2);
        int cheapForks = RoundsPerFork.optimal(data, 1.0, 0.1, 1, 1000);
        int dearForks = RoundsPerFork.optimal(data, 9.0, 0.1, 1, 1000);
        assertThat(dearForks).isGreaterThan(2 * cheapForks);
    }

    @Test
    void staysWithinItsBoundsAndKeepsTheLeastWithoutTwoForks() {
        List<double[]> noBetween = forks(10, 100, 0.0, 0.1, 3);
        assertThat(RoundsPerFork.optimal(noBetween, 3.0, 0.1, 30, 120)).isBetween(30, 120);
        List<double[]> allBetween = forks(10, 100, 0.5, 0.001, 4);
        assertThat(RoundsPerFork.optimal(allBetween, 3.0, 0.1, 30, 120)).isEqualTo(30);
        assertThat(RoundsPerFork.optimal(forks(1, 100, 0.1, 0.1, 5), 3.0, 0.1, 30, 120)).isEqualTo(30);
    }
}
