package jab.harness.run.options;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jab.harness.UsageException;
import jab.harness.stats.RatioVerdict;

/**
 * The run's precision goal: forks are added to a result until jab's fork-level 95% interval is at
 * most {@code target} of its mean, up to {@code maxForks}, within {@code budget} for the whole run.
 *
 * @param target   relative half-width (0.05 for 5%); 0: no goal, every result keeps its first forks
 * @param maxForks the most forks one result gets
 * @param budget   the whole run's time; null: no cap
 * @param ratioTarget the goal of an interleaved question's ratios (relative half-width); 0: none. A
 *                    ratio this narrow counts as answered even when its interval touches the band's edge
 * @param band     the equivalence band of the verdicts: a ratio whose whole interval lies within ±band is "the same"
 */
public record Precision(double target, int maxForks, Duration budget, double ratioTarget, double band) {
    public static final Precision NONE = new Precision(0, 1, null);

    /** The same goal for results and for ratios, the default band. */
    public Precision(double target, int maxForks, Duration budget) {
        this(target, maxForks, budget, target, RatioVerdict.DEFAULT_BAND);
    }

    public boolean active() {
        return target > 0;
    }

    /** "5%", "0.05", "2.5%"; "off" or "0" for none. */
    public static double parseTarget(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        if (t.equals("off") || t.equals("none")) {
            return 0;
        }
        double f = fraction(t);
        if (f >= 0 && f < 1) {
            return f;
        }
        throw new UsageException("--precision " + s + ": expected a percentage such as 5% (the 95% interval's half-width "
                + "relative to the mean), or off");
    }

    /** "3%", "0.03", "3": a band above 0 and below 100%. */
    public static double parseBand(String s) {
        double f = fraction(s.trim());
        if (f > 0 && f < 1) {
            return f;
        }
        throw new UsageException("--band " + s + ": expected a percentage above 0 such as 3% (ratios whose whole 95% interval "
                + "lies within ±3% are the same)");
    }

    /** "5%", "5" and "0.05" as 0.05 (a bare number of 1 or more is a percentage); NaN when it is no number. */
    private static double fraction(String t) {
        try {
            boolean pct = t.endsWith("%");
            double v = Double.parseDouble(pct ? t.substring(0, t.length() - 1) : t);
            return pct || v >= 1 ? v / 100 : v;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(s|m|min|h)?");

    /** True for "none" and "off": the run has no time cap even where its profile has one. */
    public static boolean noBudget(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        return t.equals("none") || t.equals("off");
    }

    /** "15m", "90s", "1h", "1.5h"; bare numbers are minutes. Zero and negative budgets are refused. */
    public static Duration parseBudget(String s) {
        Matcher m = DURATION.matcher(s.trim().toLowerCase(Locale.ROOT));
        if (m.matches()) {
            double v = Double.parseDouble(m.group(1));
            String unit = m.group(2) == null ? "m" : m.group(2);
            double seconds = switch (unit) {
                case "s" -> v;
                case "h" -> v * 3600;
                default -> v * 60;
            };
            if (seconds >= 1) {
                return Duration.ofMillis((long) (seconds * 1000));
            }
        }
        throw new UsageException("--budget " + s + ": expected a time above zero such as 15m, 90s or 1h, or none");
    }
}
