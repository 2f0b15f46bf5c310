package jab.harness.family;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import jab.harness.UsageException;

/**
 * How long to measure. smoke proves it runs (one fork, no goal). default (the run's default) starts
 * every result with at least two forks, so fork-to-fork variance can be estimated, and adds forks
 * until jab's fork-level 95% interval is within 5% of the mean. thorough aims at 2% with more forks.
 *
 * @param precision the default precision goal (relative half-width); 0 for none
 * @param maxForks  the most forks one result gets while chasing the goal
 */
public enum Profile {
    SMOKE(0, 1), DEFAULT(0.05, 10), THOROUGH(0.02, 20);

    public final double precision;
    public final int maxForks;

    Profile(double precision, int maxForks) {
        this.precision = precision;
        this.maxForks = maxForks;
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
