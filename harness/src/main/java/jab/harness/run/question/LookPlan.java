package jab.harness.run.question;

import java.time.Duration;
import java.util.List;

import jab.harness.run.options.Precision;

/**
 * Whether a run's budget will end its comparisons' looks before the fork limit, told from the run's
 * plan before its first fork: the alpha spending must be chosen before any data, and which one answers
 * more depends on how many looks the comparisons will get ({@link jab.harness.stats.SequentialDesign}).
 *
 * <p>The plan: every measured case's forks up to the fork limit, each its slices' time (warm-up and
 * measured rounds of every variant) times {@link #FORK_OVER_SLICES} for what a fork does beside them.
 * A full default run has 104 s of slices in a fork of every case (14 cases, 2026-11-30), 1,560 s
 * planned to the limit against a budget of 880 s, and decides most comparisons by the first forks: its
 * looks end early, and so do a one-family run's (fs: 504 s planned, a budget of 224 s). A run given
 * room ({@code --budget 30m}) takes its comparisons on to the limit, where an even spending decides
 * more: {@code jab calibrate fs}, whose comparisons go on to 9-13 forks, called 45 and 46 of 48 A/A
 * ratios the same with it and 39 and 30 with the early one.
 */
final class LookPlan {
    /**
     * A fork's time over its slices' time: what a JVM's start, the trial's set-up and JMH's per-iteration
     * work add. Measured 1.14 (calibrate fs, four 8-variant cases of 19.2 s a fork for 16.8 s of slices)
     * and 1.44 (a full default run, 149 s a fork of every case for 104 s of slices, JRuby's start most of
     * the difference), both 2026-11-30 on the project's 2-vCPU VM.
     */
    static final double FORK_OVER_SLICES = 1.5;

    private LookPlan() {
    }

    /**
     * Whether {@code asked}'s comparisons spend alpha early: when the budget ends their looks before
     * {@code precision.maxForks()} (never without a budget), and always in a calibration, which checks
     * the verdicts of default runs and so spends as they do, at more looks than a run's budget allows.
     */
    static boolean spendEarly(List<AskedCase> asked, Precision precision) {
        if (asked.stream().anyMatch(a -> a.c.variants().stream().anyMatch(v -> v.planted() > 0))) {
            return true;
        }
        return looksEndEarly(asked.stream().filter(AskedCase::measured).mapToDouble(LookPlan::sliceSeconds).sum(),
                precision.maxForks(), precision.budget());
    }

    /**
     * Whether {@code budget} (null: none) is shorter than {@code maxForks} forks of every case, a fork of
     * every case taking {@code sliceSeconds} of slices.
     */
    static boolean looksEndEarly(double sliceSeconds, int maxForks, Duration budget) {
        return budget != null && sliceSeconds * FORK_OVER_SLICES * maxForks > budget.toMillis() / 1e3;
    }

    /** A fork's slices: every variant's warm-up and measured rounds (a single shot counted as one slice's time, which it may exceed). */
    static double sliceSeconds(AskedCase a) {
        return (a.schedule.warmupRounds() + a.schedule.rounds()) * ForkCost.roundSeconds(a, a.c.variants().size());
    }
}
