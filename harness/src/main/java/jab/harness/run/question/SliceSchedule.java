package jab.harness.run.question;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.options.TimeValue;

import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;

/** How a case's forks run their rounds: JMH's iteration becomes the slice. */
record SliceSchedule(TimeValue slice, int warmupRounds, int rounds) {
    /**
     * A slice: one JMH iteration of this length per variant and round, at most. Measured on the project's
     * 2-vCPU VM (File.exists() against Files.exists(p), 2 variants, 60 rounds): the machine switched
     * between speeds about 1.4x apart every few seconds, and a round that straddles a switch is an
     * outlier of the round ratios; 50 ms gave a fork's ratio a standard error of 0.4-1.3%, 100 ms
     * 1.1-1.8%, and 10-20 ms no better for two variants (more slices, each with JMH's per-iteration
     * overhead) and a ratio 2-4% higher.
     */
    static final TimeValue SLICE = TimeValue.milliseconds(50);

    /**
     * Up to this many variants a question's slices are {@link #SLICE}s (a round of at most 200 ms); past
     * it they shorten (for fewer variants shorter slices were measured only at two, and no better there).
     */
    static final int FULL_SLICE_VARIANTS = 4;

    /**
     * The longest a round of more than {@link #FULL_SLICE_VARIANTS} variants lasts: their slices shorten
     * (to {@link #SHORTEST_SLICE}) and the rounds multiply, so each variant is measured as long as before
     * and a fork takes about as long. The machine's speed drifts within a fork (a slice's score, less its
     * variant's mean, correlates 0.8 with the next slice's and about 0 with one 1.2 s on), so a round
     * ratio of two slices varies more the further apart they run: 12% adjacent, 22% seven slices apart
     * in the 8-variant fs questions, and the closer the slices the less. Measured there (fs -f 6, slices
     * alternating run by run, two runs each, the same time per fork): rounds of 200 ms (25 ms slices)
     * narrowed the forks' spread from 3.7-4.1% (50 ms slices) to 2.5-2.7% (missing file) and from 2.9-3.4%
     * to 2.2-2.4% (existing file); rounds of 100 ms (12 ms slices) narrowed a fork's standard error from
     * 3.3-3.8% to 2.3-2.7% and the forks' spread from 3.5-5.0% to 2.4-3.8%, with forks 5% longer. Neither
     * moved the 56 ratios beyond their noise.
     */
    static final long LONGEST_ROUND_MS = 100;

    /** The shortest slice: the 8-variant fs questions were measured with it, shorter ones were not. */
    static final TimeValue SHORTEST_SLICE = TimeValue.milliseconds(12);

    /**
     * Each JMH iteration becomes a slice ({@link #slice(int)}; a single-shot benchmark's slice is its shot):
     * the warm-up rounds give each variant at least its family's warm-up time and the profile's fewest
     * warm-up rounds; the measured rounds give each variant the profile's rounds of {@link #SLICE} (a
     * fork's ratio is a mean over them), or the family's for a question past {@link #FULL_SLICE_VARIANTS}
     * variants where it sets them ({@link JmhSettings.WideQuestions}), or for a single-shot benchmark its
     * family's iterations.
     */
    static SliceSchedule of(JmhSettings s, Mode mode, Profile profile, int variants) {
        int rounds = wide(variants) && s.wide().rounds() > 0 ? s.wide().rounds() : profile.rounds;
        if (mode == Mode.SingleShotTime) {
            return new SliceSchedule(SLICE, s.warmupIterations(), Math.max(s.iterations(), rounds / 3));
        }
        TimeValue slice = slice(variants);
        long warm = s.warmupIterations() * ms(s.warmupTime());
        return new SliceSchedule(slice, Math.max(profile.warmupRounds, roundsFor(warm, slice)), inSlices(rounds, slice));
    }

    /**
     * A question's first forks: the family's, or its wide questions' past {@link #FULL_SLICE_VARIANTS}
     * variants, where a fork's rounds are many against its start (fs: 5 of 20 rounds, not 3 of 30). A
     * smaller question keeps the family's, as measured before: the five forks' gain was measured in
     * 8-variant questions only (fs's missing file with 4 variants gave 3.1% at five forks of 20 and
     * 2.3% and 4.3% at three of 30, on different hours of 2026-11-30: no difference the host's noise
     * lets one read).
     */
    static int firstForks(JmhSettings s, int variants) {
        return wide(variants) && s.wide().forks() > 0 ? s.wide().forks() : s.forks();
    }

    /** Whether a question's slices shorten and its rounds multiply, the questions a family's {@link JmhSettings.WideQuestions} are for. */
    private static boolean wide(int variants) {
        return variants > FULL_SLICE_VARIANTS;
    }

    /** A question's slice: {@link #SLICE}, shorter past {@link #FULL_SLICE_VARIANTS} variants so a round lasts {@link #LONGEST_ROUND_MS} at most. */
    static TimeValue slice(int variants) {
        if (variants <= FULL_SLICE_VARIANTS) {
            return SLICE;
        }
        return TimeValue.milliseconds(Math.max(ms(SHORTEST_SLICE), LONGEST_ROUND_MS / variants));
    }

    /** Rounds of {@code slice} that measure each variant as long as {@code rounds} of {@link #SLICE}. */
    static int inSlices(int rounds, TimeValue slice) {
        return roundsFor(rounds * ms(SLICE), slice);
    }

    /** The fewest rounds of {@code slice} that give each variant {@code msPerVariant}. */
    private static int roundsFor(long msPerVariant, TimeValue slice) {
        return (int) ((msPerVariant + ms(slice) - 1) / ms(slice));
    }

    /** The slice in milliseconds, as a fork's time is reckoned. */
    long sliceMs() {
        return ms(slice);
    }

    private static long ms(TimeValue t) {
        return t.convertTo(TimeUnit.MILLISECONDS);
    }
}
