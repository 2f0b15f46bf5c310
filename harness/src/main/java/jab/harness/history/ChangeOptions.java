package jab.harness.history;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;

import jab.harness.UsageException;
import picocli.CommandLine.Option;

/** What {@code jab history changes} and {@code report} share: which runs, and how strict a change point is. */
public final class ChangeOptions {
    @Option(names = "--since", paramLabel = "DATE", description = "only runs measured on or after DATE (2026-10-01, or an ISO time)")
    String since;

    @Option(names = "--p", paramLabel = "P", defaultValue = "0.001",
            description = "the p-value a change point must reach (default: ${DEFAULT-VALUE}, Otava's)")
    double maxP;

    /** The ISO text runs are compared with, or null for every run. */
    String since() {
        if (since == null) {
            return null;
        }
        try {
            return since.contains("T") ? OffsetDateTime.parse(since).toInstant().toString() : LocalDate.parse(since).toString();
        } catch (DateTimeParseException e) {
            throw new UsageException("--since " + since + ": expected a date such as 2026-10-01 or a time such as 2026-10-01T03:00:00Z");
        }
    }

    ChangeFinder finder(double limit) {
        if (!(maxP > 0 && maxP < 1)) {
            throw new UsageException("--p " + maxP + ": must be between 0 and 1");
        }
        return new ChangeFinder(maxP, limit);
    }

    /** "3%", "0.03" and "3" all mean three percent. */
    static double percent(String option, String s) {
        String t = s.trim();
        try {
            boolean pct = t.endsWith("%");
            double v = Double.parseDouble(pct ? t.substring(0, t.length() - 1) : t);
            double f = pct || v >= 1 ? v / 100 : v;
            if (!(f > 0 && f < 10)) {
                throw new NumberFormatException();
            }
            return f;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " " + s + ": expected a percentage such as 3% or 0.03");
        }
    }

    static String pct(double f) {
        return String.format(Locale.ROOT, "%+.1f%%", f * 100);
    }
}
