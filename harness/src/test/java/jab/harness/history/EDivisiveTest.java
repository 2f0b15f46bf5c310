package jab.harness.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** E-divisive with the t-test: the divergence as the paper defines it, steps found where planted, the intervals' floor. */
class EDivisiveTest {
    /** Q from its definition (Matteson and James, alpha = 1), every sum written out. */
    private static double q(double[] x, int s, int tau, int kappa) {
        int n = tau - s;
        int m = kappa - tau;
        double between = 0;
        double withinX = 0;
        double withinY = 0;
        for (int i = s; i < tau; i++) {
            for (int j = tau; j < kappa; j++) {
                between += Math.abs(x[i] - x[j]);
            }
            for (int j = i + 1; j < tau; j++) {
                withinX += Math.abs(x[i] - x[j]);
            }
        }
        for (int i = tau; i < kappa; i++) {
            for (int j = i + 1; j < kappa; j++) {
                withinY += Math.abs(x[i] - x[j]);
            }
        }
        double e = 2 * between / (n * m) - (n > 1 ? withinX / (n * (n - 1) / 2.0) : 0) - (m > 1 ? withinY / (m * (m - 1) / 2.0) : 0);
        return (double) n * m / (n + m) * e;
    }

    @Test
    void theDivergenceIsThePapers() {
        Random rnd = new Random(1);
        double[] x = rnd.doubles(17).toArray();
        EDivisive.Divergence d = new EDivisive.Divergence(x, 2, 15);
        double best = Double.NEGATIVE_INFINITY;
        int bestTau = -1;
        for (int tau = 3; tau < 15; tau++) {
            for (int kappa = tau + 1; kappa <= 15; kappa++) {
                if (q(x, 2, tau, kappa) > best) {
                    best = q(x, 2, tau, kappa);
                    bestTau = tau;
                }
            }
        }
        EDivisive.Divergence.Best b = d.best(2, 15);
        assertThat(b.tau()).isEqualTo(bestTau);
        assertThat(b.q()).isCloseTo(best, within(1e-12));
    }

    @Test
    void findsEachPlantedStepAtItsRun() {
        Random rnd = new Random(2);
        double[] x = new double[90];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i >= 30 ? 0.05 : 0) + (i >= 65 ? -0.08 : 0) + 0.01 * rnd.nextGaussian();
        }
        List<EDivisive.Split> found = new EDivisive(0.001).changePoints(x, new double[x.length]);
        assertThat(found).extracting(EDivisive.Split::index).containsExactly(30, 65);
        assertThat(found).allSatisfy(s -> assertThat(s.pValue()).isLessThan(0.001));
    }

    @Test
    void aSeriesWithoutAStepHasNone() {
        Random rnd = new Random(3);
        double[] x = rnd.doubles(40).map(u -> 0.01 * u).toArray();
        assertThat(new EDivisive(0.001).changePoints(x, new double[x.length])).isEmpty();
        assertThat(new EDivisive(0.001).changePoints(new double[12], new double[12])).isEmpty();
    }

    /**
     * Runs that happen to agree within 0.1% show a 1% step as significant; when each run's own interval
     * says it is good to ±3% (standard error 1.5%), the floor keeps that step from counting.
     */
    @Test
    void thePointsOwnIntervalsFloorTheTest() {
        Random rnd = new Random(4);
        double[] x = new double[20];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i >= 10 ? 0.01 : 0) + 0.001 * rnd.nextGaussian();
        }
        assertThat(new EDivisive(0.001).changePoints(x, new double[x.length])).extracting(EDivisive.Split::index).containsExactly(10);
        double[] own = new double[x.length];
        Arrays.fill(own, 0.015 * 0.015);
        assertThat(new EDivisive(0.001).changePoints(x, own)).isEmpty();
    }
}
