package jab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class TightForksTest {
    private static final double BAND = 0.03;

    /** 30 rounds of log-ratios around {@code mean}, ±{@code sd} (normal), shifted so the fork's mean is exactly {@code mean}. */
    private static double[] fork(double mean, double sd, long seed) {
        Random r = new Random(seed);
        double[] xs = new double[30];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = r.nextGaussian() * sd;
        }
        double shift = mean - Stats.mean(xs);
        for (int i = 0; i < xs.length; i++) {
            xs[i] += shift;
        }
        return xs;
    }

    @Test
    void aVerdictOnForksCloserThanTheirRoundsAllowIsNotFinal() {
        // the calibration's A/A miss: fork means 0.9680, 0.9696, 0.9673, each ±2.4% over its 30 rounds (SD 13%)
        List<double[]> forks = List.of(fork(Math.log(0.9680), 0.13, 1), fork(Math.log(0.9696), 0.13, 2), fork(Math.log(0.9673), 0.13, 3));
        PairedRatio r = PairedRatio.of(forks);
        assertThat(r.high()).as("the t interval over forks: [0.965-0.971]").isLessThan(0.972);
        assertThat(r.relativeHalfWidth()).as("answered by its width").isLessThan(BAND);
        assertThat(TightForks.answerRestsOnThem(forks, BAND, BAND, false)).isTrue();
    }

    @Test
    void aSameVerdictOnTightForksIsNotFinalEither() {
        // NOFOLLOW against itself: 0.9885, 0.9868, 0.9885, each ±2.4%: "the same" over forks, undecided at the rounds' error
        List<double[]> forks = List.of(fork(Math.log(0.9885), 0.13, 4), fork(Math.log(0.9868), 0.13, 5), fork(Math.log(0.9885), 0.13, 6));
        assertThat(RatioVerdict.of(PairedRatio.of(forks), BAND, false)).isEqualTo(RatioVerdict.SAME);
        assertThat(TightForks.answerRestsOnThem(forks, BAND, BAND, false)).isTrue();
    }

    @Test
    void aLargeRatioOnTightForksStaysDecided() {
        List<double[]> forks = List.of(fork(Math.log(4.00), 0.13, 1), fork(Math.log(4.01), 0.13, 2), fork(Math.log(3.99), 0.13, 3));
        assertThat(RatioVerdict.of(PairedRatio.of(forks), BAND, false)).isEqualTo(RatioVerdict.SLOWER);
        assertThat(TightForks.answerRestsOnThem(forks, BAND, BAND, false)).as("beyond the band either way").isFalse();
    }

    @Test
    void forksThatSpreadAsTheirRoundsDoAreTakenAsTheyCome() {
        // fork means 1.00, 0.97, 1.02 with ±1% rounds: the spread is the forks' own, not too close
        List<double[]> forks = List.of(fork(0.00, 0.05, 1), fork(Math.log(0.99), 0.05, 2), fork(Math.log(1.005), 0.05, 3));
        assertThat(TightForks.answerRestsOnThem(forks, BAND, BAND, false)).isFalse();
    }

    @Test
    void oneForkOrRoundlessForksSayNothing() {
        assertThat(TightForks.answerRestsOnThem(List.of(fork(0.0, 0.1, 1)), BAND, BAND, false)).isFalse();
        assertThat(TightForks.answerRestsOnThem(List.of(new double[] {0.01}, new double[] {0.01}), BAND, BAND, false)).isFalse();
    }
}
