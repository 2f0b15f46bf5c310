package jab.harness.simulate;

import java.util.SplittableRandom;

/**
 * The noise {@code jab calibrate --simulate} assumes without a run to take it from: an 8-variant fs
 * question on the 2-vCPU cloud VM jab is developed on, as its runs measured it (docs/measurements.md).
 * A round's log-ratio varies about 12% (heavy-tailed: Student's t with 3 degrees of freedom); 3% of
 * rounds straddle one of the machine's switches between speeds about 1.4x apart and are off by 30-50%
 * either way; a fork's offset (JIT decisions, code layout) varies 2.2%; first forks run 125 rounds of
 * eight 12 ms slices, after about 4 s of start and warm-up.
 */
final class DefaultNoise implements ForkNoise {
    static final double ROUND_SPREAD = 0.12;
    static final double SWITCHES = 0.03;
    static final double FORK_SPREAD = 0.022;

    @Override
    public double[] fork(SplittableRandom random, int rounds) {
        double offset = FORK_SPREAD * random.nextGaussian();
        double[] out = new double[rounds];
        double scale = ROUND_SPREAD / Math.sqrt(3); // t with 3 degrees of freedom has variance 3
        for (int i = 0; i < rounds; i++) {
            double chi2 = 0;
            for (int k = 0; k < 3; k++) {
                double z = random.nextGaussian();
                chi2 += z * z;
            }
            double t = random.nextGaussian() / Math.sqrt(chi2 / 3);
            double straddle = random.nextDouble() < SWITCHES ? (random.nextBoolean() ? 1 : -1) * Math.log(1.3 + 0.2 * random.nextDouble()) : 0;
            out[i] = offset + scale * t + straddle;
        }
        return out;
    }

    @Override
    public int firstRounds() {
        return 125;
    }

    @Override
    public double fixedSeconds() {
        return 4;
    }

    @Override
    public double roundSeconds() {
        return 8 * 0.012;
    }

    @Override
    public long sliceMillis() {
        return 12;
    }

    @Override
    public String source() {
        return String.format(java.util.Locale.ROOT, "jab's default noise: rounds ±%.0f%% (t, 3 df), %.0f%% of them off by 30-50%%, forks ±%.1f%%",
                100 * ROUND_SPREAD, 100 * SWITCHES, 100 * FORK_SPREAD);
    }
}
