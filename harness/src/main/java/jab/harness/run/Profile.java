package jab.harness.run;

import java.util.Map;

import org.openjdk.jmh.runner.options.TimeValue;

/**
 * A family's JMH settings for one profile, and the params it runs by default in that profile
 * (the user's {@code -p} replaces them name by name).
 */
public record Profile(int forks, int warmupIterations, TimeValue warmupTime, int iterations,
                      TimeValue measurementTime, Map<String, String[]> params) {

    public Profile {
        if (forks < 1) {
            throw new IllegalArgumentException("JMH results need at least one fork");
        }
        params = Map.copyOf(params);
    }

    public static Profile of(int forks, int warmupIterations, String warmupTime, int iterations, String measurementTime) {
        return new Profile(forks, warmupIterations, TimeValue.fromString(warmupTime), iterations,
                TimeValue.fromString(measurementTime), Map.of());
    }

    public Profile withParams(Map<String, String[]> defaults) {
        return new Profile(forks, warmupIterations, warmupTime, iterations, measurementTime, defaults);
    }

    /** Samples per result, as JMH counts them (Cnt). */
    public int samples() {
        return forks * iterations;
    }
}
