package jab.harness.family;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import jab.harness.UsageException;

/** How long to measure: smoke proves it runs, quick ranks the APIs, thorough is for publication. */
public enum Profile {
    SMOKE, QUICK, THOROUGH;

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
