package jab.harness.run;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import jab.harness.UsageException;

/** How long to measure: smoke proves it runs, quick ranks the APIs, thorough is for publication. */
public enum ProfileName {
    SMOKE, QUICK, THOROUGH;

    public static ProfileName parse(String s) {
        for (ProfileName p : values()) {
            if (p.name().equalsIgnoreCase(s.trim())) {
                return p;
            }
        }
        throw new UsageException("unknown profile '" + s + "'; profiles: " + Arrays.stream(values())
                .map(ProfileName::toString).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
