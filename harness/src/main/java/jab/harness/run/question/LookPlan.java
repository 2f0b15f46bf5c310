package jab.harness.run.question;

import java.time.Duration;
import java.util.List;

import jab.harness.run.options.Precision;
import jab.harness.stats.SequentialDesign;

/**
 * How a run's comparisons will be looked at, told from the run's plan before its first fork: the design
 * of the intervals must be chosen before any data ({@link jab.harness.stats.SequentialDesign}).
 *
 * <p>The plan: every measured case's forks up to the fork limit, each its slices' time (warm-up and
 * measured rounds of every variant) times {@link #FORK_OVER_SLICES} for what a fork does beside them.
 * A full default run has 104 s of slices in a fork of every case (14 cases, 2026-11-30), 1,560 s
 * planned to the limit against a budget of 880 s, and decides most comparisons by the first forks: its
 * looks end early, and so do a one-family run's (fs: 504 s planned, a budget of 224 s). A run whose
 * budget holds the plan (one question, {@code --budget 30m}) takes its comparisons to the limit anyway,
 * narrowing decided ones with the time a verdict saved, so it plans every fork and looks once. A run
 * without a budget stops each comparison where it is decided, with an even spending: {@code jab
 * calibrate fs}, whose comparisons go on to 9-13 forks, called 45 and 46 of 48 A/A ratios the same with
 * it and 39 and 30 with the early one.
 */
final class LookPlan {
    /**
     * A fork's time over its slices' time: what a JVM's start, the trial's set-up and JMH's per-iteration
     * work add. Measured 1.14 (calibrate fs, four 8-variant cases of 19.2 s a fork for 16.8 s of slices)
     * and 1.44 (a full default run, 149 s a fork of every case for 104 s of slices, JRuby's start most of
     * the difference), both 2026-11-30 on the project's 2-vCPU VM.
     */
    static final double FORK_OVER_SLICES = 1.5;

    /** The looks a run's comparisons get after their first forks. */
    enum Looks {
        /** The budget ends them before the fork limit (or a calibration, which spends as such a run does): error spent early. */
        EARLY,
        /** No budget: a look after every fork until a verdict, the error spent evenly. */
        EVEN,
        /**
         * The budget holds every case's forks to the limit: every fork planned, as many as the clock holds
         * ({@link #forksTheClockHolds}), and a single look after the last.
         */
        PLANNED;

        /** The design of a case whose first forks are {@code firstForks} and whose comparisons may get {@code maxForks}. */
        SequentialDesign design(int firstForks, int maxForks) {
            return switch (this) {
                case EARLY -> SequentialDesign.of(firstForks, maxForks, true);
                case EVEN -> SequentialDesign.of(firstForks, maxForks, false);
                case PLANNED -> SequentialDesign.oneLookAt(Math.max(firstForks, maxForks));
            };
        }
    }

    private LookPlan() {
    }

    /**
     * The looks of {@code asked}'s comparisons: early when the budget ends them before {@code
     * precision.maxForks()}, and always in a calibration, which checks the verdicts of default runs and
     * so spends as they do, at more looks than a run's budget allows; even without a budget; planned, with
     * one look, when the budget holds every fork to the limit.
     */
    static Looks of(List<AskedCase> asked, Precision precision) {
        if (calibrates(asked)) {
            return Looks.EARLY;
        }
        if (precision.budget() == null) {
            return Looks.EVEN;
        }
        return looksEndEarly(asked.stream().filter(AskedCase::measured).mapToDouble(LookPlan::sliceSeconds).sum(),
                precision.maxForks(), precision.budget()) ? Looks.EARLY : Looks.PLANNED;
    }

    /** Whether the cases are a calibration's: variants with planted effects. */
    static boolean calibrates(List<AskedCase> asked) {
        return asked.stream().anyMatch(a -> a.c.variants().stream().anyMatch(v -> v.planted() > 0));
    }

    /**
     * The forks of every case the clock holds once their first forks have run: those run, and as many
     * more of every case as nine tenths of {@code secondsLeft} holds, each as long as its longest first
     * fork; at most four times {@code maxForks}. A planned run takes that many, never fewer than the
     * limit its plan found room for; a run planned early whose first forks ran faster than planned,
     * so that the clock holds the limit after all, is planned from then on ({@link QuestionForks#refine}).
     * Only the clock counts, never a ratio, so the one look after them needs no correction, and a
     * question asked alone gets the forks its budget buys rather than stopping at the limit with time left.
     */
    static int forksTheClockHolds(List<AskedCase> asked, int maxForks, double secondsLeft) {
        List<AskedCase> measured = asked.stream().filter(a -> a.measured() && !a.givenUp).toList();
        double secondsPerRound = measured.stream().mapToDouble(AskedCase::secondsPerFork).sum();
        int done = measured.stream().mapToInt(a -> a.forks.size()).min().orElse(0);
        if (!(secondsPerRound > 0) || !Double.isFinite(secondsLeft)) {
            return done;
        }
        long more = (long) Math.floor(Math.max(0, 0.9 * secondsLeft) / secondsPerRound);
        return (int) Math.min(4L * maxForks, done + more);
    }

    /**
     * The forks a run plans once its first forks have run, if it plans them: a planned run takes what the
     * clock holds, never fewer than {@code maxForks}; a run planned early whose clock holds the limit
     * after all is planned from then on; a calibration keeps the early spending it checks, and a run
     * without a budget its even one.
     */
    static java.util.OptionalInt plannedForks(Looks looks, List<AskedCase> asked, int maxForks, double secondsLeft) {
        if (looks == Looks.EVEN || looks == Looks.EARLY && calibrates(asked)) {
            return java.util.OptionalInt.empty();
        }
        int held = forksTheClockHolds(asked, maxForks, secondsLeft);
        return looks == Looks.PLANNED || held >= maxForks ? java.util.OptionalInt.of(Math.max(maxForks, held)) : java.util.OptionalInt.empty();
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
