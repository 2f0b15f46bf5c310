package jab.harness.family;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import jab.harness.UsageException;

/**
 * How long to measure. smoke proves it runs (one fork, no goal). default (the run's default) starts
 * every result with three forks, so fork-to-fork variance can be estimated, and adds forks
 * until jab's fork-level 95% interval is within 5% of the mean, within a time budget of 225 seconds
 * per family and JDK for the whole run, measurements outside JMH included (so {@code ./jab run}, four
 * families on one JDK, ends in about 15 minutes, unless the first forks of every result alone take
 * longer). thorough aims at 2% with more forks and no budget.
 *
 * @param precision     the default precision goal (relative half-width); 0 for none
 * @param ratioPrecision the default goal of a question's interleaved ratios; 0 for none
 * @param maxForks      the most forks one result gets while chasing the goal
 * @param budgetPerPart the default budget for each family on each JDK; null for none
 */
public enum Profile {
    SMOKE(0, 0, 1, null), DEFAULT(0.05, 0.02, 10, Duration.ofSeconds(225)), THOROUGH(0.02, 0.01, 20, null);

    public final double precision;
    /** The goal of a question's ratios: interleaved variants share the machine's moment, so a ratio gets narrower than a result. */
    public final double ratioPrecision;
    public final int maxForks;
    private final Duration budgetPerPart;

    Profile(double precision, double ratioPrecision, int maxForks, Duration budgetPerPart) {
        this.precision = precision;
        this.ratioPrecision = ratioPrecision;
        this.maxForks = maxForks;
        this.budgetPerPart = budgetPerPart;
    }

    /** The whole run's default budget for this many families on this many JDKs; null: no cap. */
    public Duration budget(int families, int jdks) {
        return budgetPerPart == null ? null : budgetPerPart.multipliedBy((long) families * jdks);
    }

    public static Profile parse(String s) {
        for (Profile p : values()) {
            if (p.name().equalsIgnoreCase(s.trim())) {
                return p;
            }
        }
        throw new UsageException("unknown profile '" + s + "'; profiles: " + Arrays.stream(values())
                .map(Profile::toString).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
