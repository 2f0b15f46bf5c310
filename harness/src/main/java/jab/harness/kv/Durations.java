package jab.harness.kv;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jab.harness.UsageException;

/** "20s", "500ms", "1m", "2" (seconds) as milliseconds. */
final class Durations {
    private static final Pattern P = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|min)?");

    private Durations() {
    }

    static long millis(String text, String option) {
        Matcher m = P.matcher(text.trim());
        if (!m.matches()) {
            throw new UsageException(option + " must look like 20s, 500ms or 1m, got " + text);
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        switch (unit) {
            case "ms":
                return (long) v;
            case "m":
            case "min":
                return (long) (v * 60_000);
            default:
                return (long) (v * 1000);
        }
    }
}
