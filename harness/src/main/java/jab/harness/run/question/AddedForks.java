package jab.harness.run.question;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

import org.openjdk.jmh.annotations.Mode;

import jab.harness.results.Comparisons;
import jab.harness.run.console.Progress;
import jab.harness.run.lifecycle.RunGuard;
import jab.harness.run.options.Precision;
import jab.harness.stats.RoundsPerFork;
import jab.harness.stats.StopRule;

/**
 * The forks added after the first ones, with the time the budget leaves: where the {@link StopRule} says
 * a comparison is still open, to the case whose next fork brings the most verdicts per second, with the
 * variants and rounds that fork needs.
 */
final class AddedForks {
    private final QuestionHost phase;
    private final List<AskedCase> asked;
    private final double band;
    private final Precision precision;
    private final NextFork nextFork;
    private final ComparisonsWriter writer;

    AddedForks(QuestionHost phase, List<AskedCase> asked, Precision precision, NextFork nextFork, ComparisonsWriter writer) {
        this.phase = phase;
        this.asked = asked;
        this.band = precision.band();
        this.precision = precision;
        this.nextFork = nextFork;
        this.writer = writer;
    }

    /**
     * Adds forks, one at a time: first those a case's design planned before its first look (a run whose
     * budget holds its forks looks once, after them), then where verdicts are still open: to the case
     * with the most undecided comparisons per second of its fork, until every comparison is decided (its interval beyond or
     * within the band, or narrowed to {@code precision.ratioTarget()}), a case reaches the fork limit,
     * or the budget has no time for the fork. Most comparisons are large and decided by the first
     * forks; the time goes to the few close to the band's edge. When every comparison is decided and
     * time is left, it narrows the decided ones still wider than the goal, the same way (a verdict of
     * "1.19x [1.15-1.24]" is decided, and a user comparing JDKs or runs wants it narrower). An added
     * fork runs as many rounds as {@link RoundsPerFork} finds cheapest for its case's widest open
     * comparison.
     */
    void run(PrintStream console) throws IOException {
        int plannedForks = plannedForksToCome();
        Progress progress = new Progress(console, plannedForks > 0 ? plannedForks : (int) asked.stream().filter(a -> !open(a, false).isEmpty()).count());
        try {
            while (!RunGuard.stopping()) {
                AskedCase next = planned().orElse(null);
                double most = 0;
                List<Comparisons.Ratio> openInNext = next == null ? List.of() : ComparisonsWriter.asked(next).withRatios(band).ratios();
                // forks planned before a design's first look first; then undecided comparisons; once none is left,
                // the time left narrows decided ones to the goal
                for (boolean narrowing : next != null ? new boolean[0] : new boolean[] {false, true}) {
                    for (AskedCase a : asked) {
                        List<Comparisons.Ratio> open = open(a, narrowing);
                        double perSecond = (narrowing ? open.size() : verdictsExpected(a, open))
                                / Math.max(ForkCost.forkSeconds(a, a.schedule.rounds(), measuredIn(a, open).size()), 1e-3);
                        if (!open.isEmpty() && perSecond > most) {
                            most = perSecond;
                            next = a;
                            openInNext = open;
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
                boolean isPlanned = next.plannedForksLeft() > 0;
                next.rounds = isPlanned ? next.schedule.rounds() : rounds(next, openInNext);
                if (ForkCost.secondsFor(next) > phase.secondsLeft()) {
                    next.rounds = Math.min(next.rounds, next.schedule.rounds()); // a fork like the first ones may still fit
                    if (ForkCost.secondsFor(next) > phase.secondsLeft()) {
                        next.givenUp = true;
                        continue;
                    }
                }
                progress.label(isPlanned
                        ? String.format(Locale.ROOT, "fork %d of %d planned for '%s': %d rounds of %d variant(s)", next.forks.size() + 1,
                                next.design.firstForks(), next.c.title(), next.rounds, next.measured.size())
                        : String.format(Locale.ROOT, "adding a fork to '%s': %d comparison(s) open, %d rounds of %d variant(s)",
                                next.c.title(), openInNext.size(), next.rounds, next.measured.size()));
                nextFork.run(next, progress);
            }
        } finally {
            progress.close();
        }
        writer.write();
    }

    /**
     * The case with the fewest forks among those short of their design's first look (every case of a run
     * that plans its forks and looks once): such forks come before any look, whatever the ratios so far,
     * and going to the fewest-forked case first keeps the cases even if the budget ends.
     */
    private java.util.Optional<AskedCase> planned() {
        return asked.stream().filter(a -> a.plannedForksLeft() > 0).min(java.util.Comparator.comparingInt(a -> a.forks.size()));
    }

    /** The forks the cases' designs planned before their first looks that have not run yet. */
    private int plannedForksToCome() {
        return asked.stream().mapToInt(AskedCase::plannedForksLeft).sum();
    }

    /**
     * The variants an added fork measures: those of the open comparisons, in the question's order. The
     * others are warmed with them (so the JIT compiles their shared code as in every fork) and not
     * measured: an 8-variant fs question's open comparisons involve 2 to 6 of its variants, and its
     * measured rounds are most of a fork's time. A pair of forks (one JMH run per variant) measures all.
     */
    private static List<String> measuredIn(AskedCase a, List<Comparisons.Ratio> open) {
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
     * The comparisons of a case still open by its {@link #stopRule}: wanting a fork for a verdict, or
     * when {@code narrowing}, for the ratio goal; none when the case may get no fork.
     */
    private List<Comparisons.Ratio> open(AskedCase a, boolean narrowing) {
        if (!a.measured() || a.givenUp) {
            return List.of();
        }
        StopRule rule = stopRule(a);
        return ComparisonsWriter.asked(a).withRatios(band).ratios().stream().filter(r -> rule.open(r.paired(), narrowing)).toList();
    }

    /**
     * A case's stop rule: the run's band, the width that answers an undecided ratio and its ratio goal,
     * and the case's fork limit, its design's last look (a run that counted its forks by the clock looks
     * once after them: a fork past them would not count).
     */
    StopRule stopRule(AskedCase a) {
        return new StopRule(band, Comparisons.answeredWidth(band, precision.ratioTarget()), precision.ratioTarget(), a.design.maxForks());
    }

    /** Each fork's round log-ratios of a comparison. */
    private static List<double[]> logRatiosPerFork(AskedCase a, Comparisons.Ratio r) {
        return a.forks.stream().map(f -> f.logRatios(r.a(), r.b())).toList();
    }

    /** The verdicts a case's next fork brings, expected ({@link StopRule#verdictsExpected}). */
    private double verdictsExpected(AskedCase a, List<Comparisons.Ratio> open) {
        return stopRule(a).verdictsExpected(open.stream().map(Comparisons.Ratio::paired).toList(), a.design);
    }

    /**
     * Rounds for the case's next fork, by Kalibera and Jones from its widest open comparison
     * ({@link RoundsPerFork#ofAddedFork}: fewer than the first forks' when forks differ more than their
     * rounds do, as fs's existence checks do, a fork's ratio within 1%, fork to fork 2%; up to four times
     * the profile's rounds). A single-shot case keeps its schedule (a shot's time is its own), and so
     * does a pair of forks (its rounds are JMH's iterations).
     */
    private int rounds(AskedCase a, List<Comparisons.Ratio> open) {
        if (a.c.variants().get(0).job().entry().getMode() == Mode.SingleShotTime || a.inPairs()) {
            return a.schedule.rounds();
        }
        Comparisons.Ratio widest = open.stream().max(java.util.Comparator.comparingDouble(Comparisons.Ratio::relativeHalfWidth)).orElseThrow();
        List<double[]> perFork = logRatiosPerFork(a, widest);
        return RoundsPerFork.ofAddedFork(perFork, ForkCost.fixedSeconds(a), ForkCost.roundSeconds(a, a.measured.size()), a.schedule.rounds(),
                a.schedule.sliceMs());
    }
}
