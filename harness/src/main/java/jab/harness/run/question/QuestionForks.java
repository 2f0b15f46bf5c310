package jab.harness.run.question;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.jdk.Jdk;
import jab.harness.results.RunStore;
import jab.harness.run.console.Progress;
import jab.harness.run.lifecycle.RunGuard;
import jab.harness.run.options.Precision;
import jab.harness.stats.SequentialDesign;

/**
 * The interleaved forks of a run's questions: every case's first forks (round k runs the k-th fork of
 * every case, so a machine drifting over minutes moves a case's forks apart rather than the whole case),
 * then, with what the budget leaves, more forks where verdicts are still undecided. comparisons.json is
 * written after every fork, so an interruption keeps what ran. Its parts: a case's rounds ({@link SliceSchedule}),
 * a case as its forks come in ({@link AskedCase}), one fork run and kept ({@link NextFork}), where the forks
 * after the first ones go ({@link AddedForks}), and the file ({@link ComparisonsWriter}).
 */
public final class QuestionForks {
    private final QuestionHost phase;
    private final List<AskedCase> asked = new ArrayList<>();
    private final Precision precision;
    private final ComparisonsWriter writer;
    private final NextFork nextFork;
    private final AddedForks addedForks;
    private LookPlan.Looks looks;

    public QuestionForks(QuestionHost phase, RunStore store, Precision precision) {
        this.phase = phase;
        this.precision = precision;
        this.writer = new ComparisonsWriter(store, precision.band(), asked);
        this.nextFork = new NextFork(phase, writer);
        this.addedForks = new AddedForks(phase, asked, precision, nextFork, writer);
    }

    /** Adds a JDK's cases; the interleaved ones get forks, the others are recorded with the reason. */
    public void add(Jdk jdk, List<QuestionCase> cases) {
        java.util.Set<jab.harness.family.Question> proven = new java.util.HashSet<>();
        for (QuestionCase c : cases) {
            JmhSettings s = phase.settings(c.family());
            Profile profile = phase.profileOf(c.family());
            SliceSchedule schedule = SliceSchedule.of(s, c.variants().get(0).job().entry().getMode(), profile, c.variants().size());
            String why = c.interleaved() ? new InterleavedForkRun(c, jdk, phase.forkOptions(), phase.context(c.family()), schedule).whyApart()
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
            int first = SliceSchedule.firstForks(s, c.variants().size());
            asked.add(new AskedCase(jdk, c, schedule, first, why, plain,
                    design(first, precision.budget() != null ? LookPlan.Looks.EARLY : LookPlan.Looks.EVEN)));
        }
    }

    /**
     * The looks a case's comparisons may get: as the run's plan gives them when forks are added (a ratio
     * goal); a single look after the first forks otherwise.
     */
    private SequentialDesign design(int firstForks, LookPlan.Looks looks) {
        return precision.ratioTarget() > 0 ? looks.design(firstForks, precision.maxForks()) : SequentialDesign.oneLookAt(firstForks);
    }

    /** Every case's design, from the whole run's plan ({@link LookPlan}): chosen once, before the first fork. */
    private void chooseDesigns() {
        looks = LookPlan.of(asked, precision);
        asked.forEach(a -> a.design = design(a.firstForks, looks));
    }

    public List<AskedCase> asked() {
        return asked;
    }

    /** Every interleaved case's first forks, as many as its family's profile (or -f) gives a result or a wide question. */
    public boolean firstForks(Progress progress) throws IOException {
        chooseDesigns();
        boolean ok = true;
        int rounds = asked.stream().filter(AskedCase::measured).mapToInt(a -> a.firstForks).max().orElse(0);
        for (int round = 1; round <= rounds; round++) {
            for (AskedCase a : asked) {
                if (RunGuard.stopping()) {
                    return false;
                }
                if (a.measured() && !a.givenUp && round <= a.firstForks) {
                    ok &= nextFork.run(a, progress);
                }
            }
        }
        writer.write();
        return ok;
    }

    /** Forks in the first pass, for the progress line's total. */
    public int firstForkCount() {
        return asked.stream().filter(AskedCase::measured).mapToInt(a -> a.firstForks * a.runsPerFork()).sum();
    }

    /**
     * Adds forks where verdicts are still open, while the budget lasts ({@link AddedForks}). A run with a
     * budget first counts its forks from the time its first ones took and the time left ({@link
     * LookPlan#plannedForks}): nothing has been looked at yet, and the clock is no ratio, so the single
     * look after them needs no correction. A run without one looks after every fork, spending evenly.
     */
    public void refine(PrintStream console) throws IOException {
        if (precision.ratioTarget() > 0) {
            LookPlan.plannedForks(looks, asked, precision.maxForks(), phase.secondsLeft())
                    .ifPresent(forks -> asked.forEach(a -> a.design = SequentialDesign.oneLookAt(Math.max(a.firstForks, forks))));
        }
        addedForks.run(console);
    }
}
