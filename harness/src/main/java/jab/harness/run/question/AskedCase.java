package jab.harness.run.question;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jab.harness.jdk.Jdk;
import jab.harness.results.Comparisons;
import jab.harness.stats.SequentialDesign;

/** One case on one JDK as it grows: its slices, its forks so far and their time, and what its next fork runs. */
public final class AskedCase {
    public final Jdk jdk;
    public final QuestionCase c;
    SliceSchedule schedule;
    final List<Comparisons.Fork> forks = new ArrayList<>();
    final Map<String, String> units = new LinkedHashMap<>();
    String whyApart;
    /** Measured as plain results, not as a question: the smoke profile interleaves one case per question only. */
    final boolean plain;
    double secondsPerFork;
    boolean givenUp;
    /** Rounds of the next fork: the schedule's, then as the refinement finds cheapest. */
    int rounds;
    /** The variants the next fork measures after warming all: every one, then those in open comparisons. */
    List<String> measured;
    /**
     * How its intervals are drawn at each look: repeated confidence intervals when forks may be added;
     * chosen again from the whole run's plan before the first fork ({@link LookPlan}).
     */
    SequentialDesign design;
    /** Forks in the first pass ({@link SliceSchedule#firstForks}). */
    final int firstForks;

    AskedCase(Jdk jdk, QuestionCase c, SliceSchedule schedule, int firstForks, String whyApart, boolean plain, SequentialDesign design) {
        this.jdk = jdk;
        this.firstForks = firstForks;
        this.design = design;
        this.c = c;
        this.schedule = schedule;
        this.whyApart = whyApart;
        this.plain = plain;
        this.rounds = schedule.rounds();
        this.measured = labels();
    }

    List<String> labels() {
        return c.variants().stream().map(QuestionCase.Variant::label).toList();
    }

    /** What its longest fork like a first (every variant, the first forks' rounds) took, in seconds; 0 before one ran. */
    public double secondsPerFork() {
        return secondsPerFork;
    }

    public boolean interleaved() {
        return whyApart.isEmpty();
    }

    /** Whether the case gets forks of its own: interleaved ones, or replicates of one JMH fork per variant. */
    boolean measured() {
        return interleaved() || inPairs();
    }

    /**
     * Variants that cannot share a JVM (the question says so, the benchmark runs more threads than
     * a fork drives, two builds whose interleaved fork failed) are measured in {@link ForkPair}
     * replicates; a case the smoke profile does not interleave is measured as plain results.
     */
    public boolean inPairs() {
        return !interleaved() && !plain;
    }

    /**
     * The forks its design runs before its first look that have not run yet (a planned run's, counted by
     * the clock); none once it has them, or when it gets no more forks (not measured, given up).
     */
    int plannedForksLeft() {
        return measured() && !givenUp ? Math.max(0, design.firstForks() - forks.size()) : 0;
    }

    /** Progress lines per fork: a replicate is a JMH run per variant. */
    int runsPerFork() {
        return inPairs() ? c.variants().size() : 1;
    }
}
