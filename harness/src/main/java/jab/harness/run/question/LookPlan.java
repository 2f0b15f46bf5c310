package jab.harness.run.question;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

import jab.harness.run.options.Precision;
import jab.harness.stats.SequentialDesign;

/**
 * How a run's comparisons will be looked at, told from the run's plan before its first fork: the design
 * of the intervals must be chosen before any data ({@link jab.harness.stats.SequentialDesign}).
 *
 * <p>The plan: every measured case's forks up to the fork limit, each its slices' time (warm-up and
 * measured rounds of every variant) times {@link #FORK_OVER_SLICES} for what a fork does beside them.
 * A run with a budget counts its forks by the clock once the first ones have run and looks once after
 * them: a run whose budget holds the plan (one question, {@code --budget 30m}) takes at least the limit,
 * and one whose budget ends before it (a full default run: 104 s of slices in a fork of every case, 1,560
 * s planned to the limit against a budget of 880 s, 2026-11-30) takes what its clock holds, on this
 * project's VM its first forks (the time left after them held 4-5 s of added forks in six default runs
 * of 2026-12-01). A run without a budget stops each comparison where it is decided, with an even
 * spending. A calibration does what the run it mirrors does, so it checks the design users get.
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
        /**
         * The budget ends them before the fork limit: the forks the clock holds once the first ones ran,
         * at least those, and a single look after the last ({@link #forksTheClockHolds}).
         */
        EARLY,
        /** No budget: a look after every fork until a verdict, the error spent evenly. */
        EVEN,
        /**
         * The budget holds every case's forks to the limit: as many as the clock holds, never fewer than
         * the limit, and a single look after the last.
         */
        PLANNED;

        /**
         * The design of a case whose first forks are {@code firstForks} and whose comparisons may get {@code
         * maxForks}, until the clock counts its forks ({@link QuestionForks#refine}): one look after the
         * first forks or after the limit, or an even spending over every look between them.
         */
        SequentialDesign design(int firstForks, int maxForks) {
            return switch (this) {
                case EARLY -> SequentialDesign.oneLookAt(firstForks);
                case EVEN -> SequentialDesign.of(firstForks, maxForks, false);
                case PLANNED -> SequentialDesign.oneLookAt(Math.max(firstForks, maxForks));
            };
        }
    }

    private LookPlan() {
    }

    /**
     * The looks of {@code asked}'s comparisons: even without a budget; otherwise one look after the forks
     * the clock holds, at least the limit when the budget holds every fork to it (planned), at least the
     * first forks when it ends before (early).
     */
    static Looks of(List<AskedCase> asked, Precision precision) {
        if (precision.budget() == null) {
            return Looks.EVEN;
        }
        return looksEndEarly(asked.stream().filter(AskedCase::measured).mapToDouble(LookPlan::sliceSeconds).sum(),
                precision.maxForks(), precision.budget()) ? Looks.EARLY : Looks.PLANNED;
    }

    /**
     * The forks of every case the clock holds once their first forks have run: those run, and as many
     * more of every case as nine tenths of {@code secondsLeft} holds, each as long as its longest first
     * fork; at most four times {@code maxForks}. Only the clock counts, never a ratio, so the one look
     * after them needs no correction, and a question asked alone gets the forks its budget buys rather
     * than stopping at the limit with time left.
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
     * The forks a run plans once its first forks have run, if it plans them: what the clock holds, never
     * fewer than {@code maxForks} where the plan found room for them (planned), never fewer than the forks
     * run where it did not (early); a run without a budget plans none, its looks spend evenly.
     */
    static OptionalInt plannedForks(Looks looks, List<AskedCase> asked, int maxForks, double secondsLeft) {
        int held = forksTheClockHolds(asked, maxForks, secondsLeft);
        return switch (looks) {
            case EVEN -> OptionalInt.empty();
            case EARLY -> OptionalInt.of(held);
            case PLANNED -> OptionalInt.of(Math.max(maxForks, held));
        };
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
