package jab.harness.run.question;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.options.TimeValue;

import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.jdk.Jdk;
import jab.harness.results.Comparisons;
import jab.harness.results.RunStore;
import jab.harness.run.JmhPhase;
import jab.harness.run.console.Progress;
import jab.harness.run.lifecycle.RunGuard;
import jab.harness.run.options.Precision;
import jab.harness.stats.RoundsPerFork;
import jab.harness.stats.SequentialDesign;
import jab.harness.stats.StopRule;

/**
 * The interleaved forks of a run's questions: every case's first forks (round k runs the k-th fork of
 * every case, so a machine drifting over minutes moves a case's forks apart rather than the whole case),
 * then, with what the budget leaves, more forks where verdicts are still undecided. comparisons.json is
 * written after every fork, so an interruption keeps what ran.
 */
public final class QuestionForks {
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

    /** One case on one JDK as it grows. */
    public static final class Asked {
        public final Jdk jdk;
        public final QuestionCase c;
        InterleavedForkRun.SliceSchedule schedule;
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
        /** How its intervals are drawn at each look: repeated confidence intervals when forks may be added. */
        final SequentialDesign design;

        Asked(Jdk jdk, QuestionCase c, InterleavedForkRun.SliceSchedule schedule, String whyApart, boolean plain, SequentialDesign design) {
            this.jdk = jdk;
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

        /** Progress lines per fork: a replicate is a JMH run per variant. */
        int runsPerFork() {
            return inPairs() ? c.variants().size() : 1;
        }
    }

    private final JmhPhase phase;
    private final RunStore store;
    private final List<Asked> asked = new ArrayList<>();
    private final double band;
    private final Precision precision;

    public QuestionForks(JmhPhase phase, RunStore store, Precision precision) {
        this.phase = phase;
        this.store = store;
        this.band = precision.band();
        this.precision = precision;
    }

    /** Adds a JDK's cases; the interleaved ones get forks, the others are recorded with the reason. */
    public void add(Jdk jdk, List<QuestionCase> cases) {
        java.util.Set<jab.harness.family.Question> proven = new java.util.HashSet<>();
        for (QuestionCase c : cases) {
            JmhSettings s = phase.settings(c.family());
            Profile profile = phase.profileOf(c.family());
            InterleavedForkRun.SliceSchedule schedule = schedule(s, c.variants().get(0).job().entry().getMode(), profile, c.variants().size());
            String why = c.interleaved() ? new InterleavedForkRun(c, jdk, phase.setup(), phase.context(c.family()), schedule).whyApart()
                    : c.whyApart();
            if (!why.isEmpty()) {
                schedule = ForkPair.schedule(s);
            }
            boolean plain = false;
            if (why.isEmpty() && profile == Profile.SMOKE && !c.comparesBuilds() && !proven.add(c.question())) {
                // smoke proves it runs: one case per question is interleaved (mmap's nine took 5 minutes more)
                why = "the smoke profile interleaves one case of each question";
                plain = true;
            }
            asked.add(new Asked(jdk, c, schedule, why, plain, design(s)));
        }
    }

    /**
     * The looks a case's comparisons may get: its first forks, and up to the fork limit when forks are
     * added to undecided ones (a ratio goal); a single look otherwise.
     */
    private SequentialDesign design(JmhSettings s) {
        return SequentialDesign.of(s.forks(), precision.ratioTarget() > 0 ? precision.maxForks() : s.forks());
    }

    /**
     * Each JMH iteration becomes a slice ({@link #slice}; a single-shot benchmark's slice is its shot):
     * the warm-up rounds give each variant at least its family's warm-up time and the profile's fewest
     * warm-up rounds; the measured rounds give each variant the profile's rounds of {@link #SLICE} (a
     * fork's ratio is a mean over them), or for a single-shot benchmark its family's iterations.
     */
    static InterleavedForkRun.SliceSchedule schedule(JmhSettings s, Mode mode, Profile profile, int variants) {
        if (mode == Mode.SingleShotTime) {
            return new InterleavedForkRun.SliceSchedule(SLICE, s.warmupIterations(), Math.max(s.iterations(), profile.rounds / 3));
        }
        TimeValue slice = slice(variants);
        long warm = s.warmupIterations() * ms(s.warmupTime());
        return new InterleavedForkRun.SliceSchedule(slice, Math.max(profile.warmupRounds, roundsFor(warm, slice)), inSlices(profile.rounds, slice));
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

    private static long ms(TimeValue t) {
        return t.convertTo(TimeUnit.MILLISECONDS);
    }

    public List<Asked> asked() {
        return asked;
    }

    /** Every interleaved case's first forks, as many as its family's profile (or -f) gives a result. */
    public boolean firstForks(Progress progress) throws IOException {
        boolean ok = true;
        int rounds = asked.stream().filter(Asked::measured).mapToInt(a -> phase.settings(a.c.family()).forks()).max().orElse(0);
        for (int round = 1; round <= rounds; round++) {
            for (Asked a : asked) {
                if (RunGuard.stopping()) {
                    return false;
                }
                if (a.measured() && !a.givenUp && round <= phase.settings(a.c.family()).forks()) {
                    ok &= fork(a, progress);
                }
            }
        }
        write();
        return ok;
    }

    /** Forks in the first pass, for the progress line's total. */
    public int firstForkCount() {
        return asked.stream().filter(Asked::measured).mapToInt(a -> phase.settings(a.c.family()).forks() * a.runsPerFork()).sum();
    }

    /**
     * Adds forks, one at a time, where verdicts are still open: to the case with the most undecided
     * comparisons per second of its fork, until every comparison is decided (its interval beyond or
     * within the band, or narrowed to {@code precision.ratioTarget()}), a case reaches the fork limit,
     * or the budget has no time for the fork. Most comparisons are large and decided by the first
     * forks; the time goes to the few close to the band's edge. When every comparison is decided and
     * time is left, it narrows the decided ones still wider than the goal, the same way (a verdict of
     * "1.19x [1.15-1.24]" is decided, and a user comparing JDKs or runs wants it narrower). An added
     * fork runs as many rounds as {@link RoundsPerFork} finds cheapest for its case's widest open
     * comparison.
     */
    public void refine(PrintStream console) throws IOException {
        Progress progress = new Progress(console, (int) asked.stream().filter(a -> !open(a, false).isEmpty()).count());
        try {
            while (!RunGuard.stopping()) {
                Asked next = null;
                double most = 0;
                List<Comparisons.Ratio> openInNext = List.of();
                boolean narrowed = false;
                // undecided comparisons first; once none is left, the time left narrows decided ones to the goal
                for (boolean narrowing : new boolean[] {false, true}) {
                    for (Asked a : asked) {
                        List<Comparisons.Ratio> open = open(a, narrowing);
                        double perSecond = (narrowing ? open.size() : verdictsExpected(a, open))
                                / Math.max(forkSeconds(a, a.schedule.rounds(), measuredIn(a, open).size()), 1e-3);
                        if (!open.isEmpty() && perSecond > most) {
                            most = perSecond;
                            next = a;
                            openInNext = open;
                            narrowed = narrowing;
                        }
                    }
                    if (next != null) {
                        break;
                    }
                }
                if (next == null) {
                    break;
                }
                next.measured = measuredIn(next, openInNext);
                next.rounds = rounds(next, openInNext);
                if (secondsFor(next) > phase.secondsLeft()) {
                    next.rounds = Math.min(next.rounds, next.schedule.rounds()); // a fork like the first ones may still fit
                    if (secondsFor(next) > phase.secondsLeft()) {
                        next.givenUp = true;
                        continue;
                    }
                }
                progress.label(String.format(Locale.ROOT, "adding a fork to '%s': %d comparison(s) open, %d rounds of %d variant(s)",
                        next.c.title(), openInNext.size(), next.rounds, next.measured.size()));
                fork(next, progress);
            }
        } finally {
            progress.close();
        }
        write();
    }

    /** What the case's next fork should take. */
    private static double secondsFor(Asked a) {
        return forkSeconds(a, a.rounds, a.measured.size());
    }

    /** A fork of {@code rounds} rounds of {@code variants} slices: a first fork's time beside its rounds, and the rounds. */
    private static double forkSeconds(Asked a, int rounds, int variants) {
        return fixedSeconds(a) + rounds * roundSeconds(a, variants);
    }

    /** What a fork costs beside its measured rounds: the JVM's start, the trial set-up, the warm-up rounds of every variant. */
    private static double fixedSeconds(Asked a) {
        return Math.max(0.5, a.secondsPerFork - a.schedule.rounds() * roundSeconds(a, a.c.variants().size()));
    }

    /** A round of {@code variants} slices. */
    private static double roundSeconds(Asked a, int variants) {
        return variants * ms(a.schedule.slice()) / 1e3;
    }

    /**
     * The variants an added fork measures: those of the open comparisons, in the question's order. The
     * others are warmed with them (so the JIT compiles their shared code as in every fork) and not
     * measured: an 8-variant fs question's open comparisons involve 2 to 6 of its variants, and its
     * measured rounds are most of a fork's time. A pair of forks (one JMH run per variant) measures all.
     */
    private static List<String> measuredIn(Asked a, List<Comparisons.Ratio> open) {
        return a.interleaved() ? measuredIn(a.labels(), open) : a.labels();
    }

    /** The labels, in their order, of the variants in {@code open}; all of them when nothing is open. */
    static List<String> measuredIn(List<String> labels, List<Comparisons.Ratio> open) {
        if (open.isEmpty()) {
            return labels;
        }
        java.util.Set<String> in = new java.util.HashSet<>();
        open.forEach(r -> {
            in.add(r.a());
            in.add(r.b());
        });
        return labels.stream().filter(in::contains).toList();
    }

    /**
     * The comparisons of a case still open by the {@link #stopRule()}: wanting a fork for a verdict, or
     * when {@code narrowing}, for the ratio goal; none when the case may get no fork.
     */
    private List<Comparisons.Ratio> open(Asked a, boolean narrowing) {
        if (!a.measured() || a.givenUp) {
            return List.of();
        }
        StopRule rule = stopRule();
        return asked(a).withRatios(band).ratios().stream().filter(r -> rule.open(r.paired(), narrowing)).toList();
    }

    /** The run's stop rule: its band, the width that answers an undecided ratio, its ratio goal and fork limit. */
    StopRule stopRule() {
        return new StopRule(band, Comparisons.answeredWidth(band, precision.ratioTarget()), precision.ratioTarget(), precision.maxForks());
    }

    /** Each fork's round log-ratios of a comparison. */
    private static List<double[]> logRatiosPerFork(Asked a, Comparisons.Ratio r) {
        return a.forks.stream().map(f -> f.logRatios(r.a(), r.b())).toList();
    }

    /** The verdicts a case's next fork brings, expected ({@link StopRule#verdictsExpected}). */
    private double verdictsExpected(Asked a, List<Comparisons.Ratio> open) {
        return stopRule().verdictsExpected(open.stream().map(Comparisons.Ratio::paired).toList(), a.design);
    }

    /**
     * Rounds for the case's next fork, by Kalibera and Jones from its widest open comparison
     * ({@link RoundsPerFork#ofAddedFork}: fewer than the first forks' when forks differ more than their
     * rounds do, as fs's existence checks do, a fork's ratio within 1%, fork to fork 2%; up to four times
     * the profile's rounds). A single-shot case keeps its schedule (a shot's time is its own), and so
     * does a pair of forks (its rounds are JMH's iterations).
     */
    private int rounds(Asked a, List<Comparisons.Ratio> open) {
        if (a.c.variants().get(0).job().entry().getMode() == Mode.SingleShotTime || a.inPairs()) {
            return a.schedule.rounds();
        }
        Comparisons.Ratio widest = open.stream().max(java.util.Comparator.comparingDouble(Comparisons.Ratio::relativeHalfWidth)).orElseThrow();
        List<double[]> perFork = logRatiosPerFork(a, widest);
        return RoundsPerFork.ofAddedFork(perFork, fixedSeconds(a), roundSeconds(a, a.measured.size()), a.schedule.rounds(),
                ms(a.schedule.slice()));
    }

    private boolean fork(Asked a, Progress progress) throws IOException {
        long t0 = System.nanoTime();
        long seed = ThreadLocalRandom.current().nextLong();
        Optional<InterleavedForkRun.Measured> m;
        if (a.inPairs()) {
            m = ForkPair.run(a.c, ForkPair.referenceFirst(a.c, a.forks, seed), seed, phase, a.jdk, progress);
        } else {
            progress.started("JDK " + a.jdk.id() + " interleaved: " + a.c.title() + " (" + a.c.variants().size() + " variants)");
            try {
                InterleavedForkRun.SliceSchedule schedule = new InterleavedForkRun.SliceSchedule(a.schedule.slice(), a.schedule.warmupRounds(),
                        a.rounds);
                m = new InterleavedForkRun(a.c, a.jdk, phase.setup(), phase.context(a.c.family()), schedule).run(seed, a.measured,
                        phase.log(a.jdk));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            progress.finished();
        }
        if (m.isEmpty() && a.interleaved() && a.c.comparesBuilds() && a.forks.isEmpty()) {
            // two builds may not share a JVM where the interleaved fork cannot (a native library binds to one class loader only)
            a.whyApart = "their interleaved fork failed (see " + RunStore.jmhLog(a.jdk.id()) + "; a native library, for one, can be "
                    + "loaded by one class loader only)";
            a.schedule = ForkPair.schedule(phase.settings(a.c.family()));
            a.rounds = a.schedule.rounds();
            a.measured = a.labels();
            phase.note("JDK " + a.jdk.id() + " '" + a.c.title() + "': " + a.whyApart + "; measured in pairs of forks instead");
            return fork(a, progress);
        }
        if (m.isEmpty()) {
            a.givenUp = true;
            phase.note("JDK " + a.jdk.id() + " '" + a.c.title() + "': " + (a.inPairs() ? "a pair of forks" : "an interleaved fork")
                    + " failed; see " + RunStore.jmhLog(a.jdk.id()));
            return false;
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        // the first forks' time: an added fork may run more rounds or fewer variants, and its time says nothing of the first ones'
        boolean likeAFirst = a.rounds == a.schedule.rounds() && a.measured.size() == a.c.variants().size();
        a.secondsPerFork = a.forks.isEmpty() || likeAFirst ? Math.max(a.secondsPerFork, seconds) : a.secondsPerFork;
        a.forks.add(m.get().fork());
        a.units.putAll(m.get().units());
        write();
        return true;
    }

    /** comparisons.json as it stands. */
    void write() throws IOException {
        if (asked.isEmpty()) {
            return;
        }
        List<Comparisons.Asked> out = new ArrayList<>();
        for (Asked a : asked) {
            out.add(withPlantedTruths(a.c, asked(a).withRatios(band)));
        }
        store.writeDocument(Comparisons.NAME, new Comparisons(Comparisons.FORMAT_VERSION, band, out));
    }

    /** The question's ratios, each with its true ratio where calibrate planted both variants ({@link QuestionCase#plantedRatio}). */
    static Comparisons.Asked withPlantedTruths(QuestionCase c, Comparisons.Asked q) {
        List<Comparisons.Ratio> ratios = q.ratios().stream().map(r -> r.planted(c.plantedRatio(r.a(), r.b()).orElse(null))).toList();
        return q.replacingRatios(ratios);
    }

    private Comparisons.Asked asked(Asked a) {
        List<Comparisons.Variant> details = new ArrayList<>();
        for (QuestionCase.Variant v : a.c.variants()) {
            details.add(new Comparisons.Variant(v.label(), v.name(), v.job().benchmark(), new java.util.TreeMap<>(v.job().params()),
                    a.units.getOrDefault(v.label(), "")));
        }
        String unit = a.units.values().stream().findFirst().orElse("");
        List<String> labels = a.c.variants().stream().map(QuestionCase.Variant::label).toList();
        return new Comparisons.Asked(a.c.title(), a.c.family().name(), a.jdk.id(), a.c.fixed(), labels, a.c.reference(), details,
                unit.startsWith("ops/"), a.whyApart,
                new Comparisons.Slices(a.schedule.slice().toString(), a.schedule.warmupRounds(), a.schedule.rounds(), a.secondsPerFork), a.forks, List.of(),
                a.design);
    }
}
