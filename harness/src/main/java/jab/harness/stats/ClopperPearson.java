package jab.harness.stats;

import java.util.Locale;

import org.apache.commons.statistics.distribution.BetaDistribution;

/**
 * The exact (Clopper-Pearson) 95% interval of a rate seen {@code count} times in {@code trials}: the
 * rates whose binomial tails leave 2.5% on either side. It covers the true rate at least 95% of the
 * time for any rate and any number of trials, which a calibration of a few dozen ratios needs (the
 * normal approximation claims 0% for 0 of 30).
 */
public record ClopperPearson(int count, int trials) {
    public ClopperPearson {
        if (trials < 1 || count < 0 || count > trials) {
            throw new IllegalArgumentException(count + " of " + trials + ": expected 0 <= count <= trials and trials >= 1");
        }
    }

    public double rate() {
        return (double) count / trials;
    }

    public double low() {
        return count == 0 ? 0 : BetaDistribution.of(count, trials - count + 1.0).inverseCumulativeProbability(0.025);
    }

    public double high() {
        return count == trials ? 1 : BetaDistribution.of(count + 1.0, trials - count).inverseCumulativeProbability(0.975);
    }

    /** "2 of 40 (5.0%, 95% CI 0.6-16.9%)". */
    public String words() {
        return String.format(Locale.ROOT, "%d of %d (%.1f%%, 95%% CI %.1f-%.1f%%)", count, trials, 100 * rate(), 100 * low(), 100 * high());
    }
}
