package jab.harness.run.jmh;

import org.openjdk.jmh.runner.options.TimeValue;

import jab.harness.UsageException;
import jab.harness.family.JmhSettings;

/**
 * The JMH options users know, given on {@code jab run} with JMH's names ({@code -f -wi -w -i -r -t}):
 * each one given replaces the profile's value; null leaves it. Forks are where a result starts:
 * {@code --precision} still adds forks to it.
 */
public record JmhOverrides(Integer forks, Integer warmupIterations, TimeValue warmupTime, Integer iterations,
                           TimeValue measurementTime, Integer threads) {
    public static final JmhOverrides NONE = new JmhOverrides(null, null, null, null, null, null);

    /** From the command line; a count below one or a time JMH cannot read is bad input. */
    public static JmhOverrides of(Integer forks, Integer warmupIterations, String warmupTime, Integer iterations,
                                  String measurementTime, Integer threads) {
        return new JmhOverrides(positive("-f", forks), atLeast("-wi", warmupIterations, 0), time("-w", warmupTime),
                positive("-i", iterations), time("-r", measurementTime), positive("-t", threads));
    }

    private static Integer positive(String option, Integer n) {
        return atLeast(option, n, 1);
    }

    private static Integer atLeast(String option, Integer n, int least) {
        if (n != null && n < least) {
            throw new UsageException(option + " " + n + ": must be at least " + least);
        }
        return n;
    }

    private static TimeValue time(String option, String value) {
        if (value == null) {
            return null;
        }
        try {
            TimeValue t = TimeValue.fromString(value.trim());
            if (t.getTime() <= 0) {
                throw new IllegalArgumentException("not positive");
            }
            return t;
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + " " + value + ": not a time JMH reads (e.g. 1s, 200ms, 2min)");
        }
    }

    /** The profile's settings with the user's; a user's -f is every question's first forks, a wide one's too. */
    public JmhSettings apply(JmhSettings s) {
        JmhSettings.WideQuestions wide = forks == null || s.wide().forks() == 0 ? s.wide()
                : new JmhSettings.WideQuestions(forks, s.wide().rounds());
        return new JmhSettings(or(forks, s.forks()), or(warmupIterations, s.warmupIterations()),
                warmupTime == null ? s.warmupTime() : warmupTime, or(iterations, s.iterations()),
                measurementTime == null ? s.measurementTime() : measurementTime, s.params(), s.subset(), wide);
    }

    private static int or(Integer given, int profile) {
        return given == null ? profile : given;
    }
}
