package jab.harness.kv;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jab.harness.UsageException;

/** "512mb", "1gb", "64k", "1048576" (bytes) as bytes, with Redis's units (memtoull): k = 1000, kb = 1024. */
final class MemorySizes {
    private static final Pattern P = Pattern.compile("(\\d{1,18})(b|k|kb|m|mb|g|gb)?");

    private MemorySizes() {
    }

    static long bytes(String text, String option) {
        Matcher m = P.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UsageException(option + " must look like 512mb, 1gb, 64kb or a number of bytes, got " + text);
        }
        long v = Long.parseLong(m.group(1));
        long unit;
        switch (m.group(2) == null ? "b" : m.group(2)) {
            case "k":
                unit = 1000;
                break;
            case "kb":
                unit = 1024;
                break;
            case "m":
                unit = 1000 * 1000;
                break;
            case "mb":
                unit = 1024 * 1024;
                break;
            case "g":
                unit = 1000L * 1000 * 1000;
                break;
            case "gb":
                unit = 1024L * 1024 * 1024;
                break;
            default:
                unit = 1;
        }
        if (v > Long.MAX_VALUE / unit) {
            throw new UsageException(option + " is too large: " + text);
        }
        return v * unit;
    }
}
