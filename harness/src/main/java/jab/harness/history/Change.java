package jab.harness.history;

/**
 * A step in one series: where it is, the ratio before and after (geometric means of the runs between
 * the change points around it, each with its 95% interval over those runs) and the step after/before.
 *
 * @param index      the position in the series of the first run after the step
 * @param commit     that run's commit: the first commit after the change
 * @param time       that run's time
 * @param step       after / before, with {@code stepLow} and {@code stepHigh} its 95% interval (Welch)
 * @param pValue     the t-test's p-value between the runs before and after
 * @param slower     the variant the step made slower against the other one (a, or b)
 * @param regression whether the step is a regression beyond the limit asked for (see {@link ChangeFinder#regression})
 */
public record Change(HistoryStore.Series series, int index, String commit, String time, int runsBefore, int runsAfter,
                     double before, double beforeLow, double beforeHigh, double after, double afterLow, double afterHigh,
                     double step, double stepLow, double stepHigh, double pValue, String slower, boolean regression) {

    /** The step as a signed percentage of the ratio before it: +5.0 for after = 1.05 x before. */
    public double percent() {
        return (step - 1) * 100;
    }
}
