package jab.harness.stats;

import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.TTest;

/**
 * The two-sided two-sample tests jab offers on per-iteration raw data (Apache Commons Statistics).
 * Welch's t does not assume equal variances; Mann-Whitney U does not assume normality and resists
 * outliers (a GC pause in one iteration), at some loss of power on small samples.
 */
public enum StatTest {
    WELCH("welch", "Welch's t-test") {
        @Override
        public double pValue(double[] a, double[] b) {
            return TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC).test(a, b).getPValue();
        }
    },
    MANN_WHITNEY("mann-whitney", "Mann-Whitney U test") {
        @Override
        public double pValue(double[] a, double[] b) {
            return MannWhitneyUTest.withDefaults().test(a, b).getPValue();
        }
    };

    public final String id;
    public final String title;

    StatTest(String id, String title) {
        this.id = id;
        this.title = title;
    }

    /** The two-sided p-value of "A and B come from the same distribution" (same mean for Welch). */
    public abstract double pValue(double[] a, double[] b);

    public static StatTest parse(String s) {
        for (StatTest t : values()) {
            if (t.id.equalsIgnoreCase(s) || t.name().equalsIgnoreCase(s)) {
                return t;
            }
        }
        throw new jab.harness.UsageException("--test " + s + ": expected welch or mann-whitney");
    }
}
