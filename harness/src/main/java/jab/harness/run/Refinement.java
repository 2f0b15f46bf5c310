package jab.harness.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;

import jab.harness.run.console.Progress;
import jab.harness.run.lifecycle.RunGuard;
import jab.harness.run.options.Precision;
import jab.harness.stats.ForkInterval;

/**
 * Adaptive precision: while a result's fork-level 95% interval is wider than the goal, give it more
 * forks, the widest result first, until it meets the goal, reaches the fork limit, or the budget has
 * no time left for another of its forks. The interval shrinks with the square root of the forks and
 * with the t quantile; one step at most doubles them, then the interval is computed again from what
 * the new forks measured.
 */
final class Refinement {
    private final JmhPhase phase;
    private final Precision precision;

    Refinement(JmhPhase phase, Precision precision) {
        this.phase = phase;
        this.precision = precision;
    }

    void run() throws IOException {
        double startedAfter = phase.secondsElapsed();
        int forksAdded = 0;
        int shortOfTime = 0;
        double moreSecondsWanted = 0;
        Progress progress = new Progress(phase.console(), candidates());
        try {
            while (!RunGuard.stopping()) {
                JmhPhase.Slot s = widest();
                if (s == null) {
                    break;
                }
                ForkInterval fi = interval(s.result);
                int have = fi.forks();
                int extra = extraForks(fi, s.secondsPerFork, phase.secondsLeft(), precision);
                if (extra == 0) {
                    s.givenUp = true; // open (short of the goal, under the fork limit), so time is what it lacks
                    shortOfTime++;
                    moreSecondsWanted += (fi.forksFor(precision.target(), precision.maxForks()) - have) * s.secondsPerFork;
                    continue;
                }
                progress.label(String.format(Locale.ROOT, "adding %d fork(s) to %d, now ±%s (goal ±%s)", extra, have,
                        ForkInterval.percent(fi.relative()), ForkInterval.percent(precision.target())));
                long t0 = System.nanoTime();
                Optional<RunResult> more = phase.measure(s.jdk, s.job, extra, progress);
                if (more.isEmpty()) {
                    s.givenUp = true;
                    continue;
                }
                forksAdded += extra;
                s.secondsPerFork = (System.nanoTime() - t0) / 1e9 / extra;
                s.result = ForkMerge.merge(s.result, more.get());
                phase.writeJmh(s.jdk);
            }
        } finally {
            progress.close();
        }
        phase.recordRefinement(startedAfter, forksAdded, shortOfTime, moreSecondsWanted);
    }

    /**
     * How many forks to add to a result in one step: none when it meets the goal, has the most forks
     * allowed, or the budget has no time for one more; else what the goal needs if the fork means
     * keep their spread ({@link ForkInterval#forksFor}), at most doubling what it has (the spread of
     * a few forks is itself uncertain), within the limit and the time left.
     */
    static int extraForks(ForkInterval fi, double secondsPerFork, double secondsLeft, Precision p) {
        int have = fi.forks();
        if (!p.active() || fi.relative() <= p.target() || have >= p.maxForks()) {
            return 0;
        }
        long affordable = (long) Math.floor(secondsLeft / Math.max(secondsPerFork, 1e-3));
        int want = Math.max(1, fi.forksFor(p.target(), p.maxForks()) - have);
        long extra = Math.min(want, Math.min(p.maxForks() - have, Math.max(2, have)));
        return (int) Math.max(0, Math.min(extra, affordable));
    }

    private int candidates() {
        int n = 0;
        for (JmhPhase.Slot s : phase.slots()) {
            n += open(s) ? 1 : 0;
        }
        return n;
    }

    /** The result whose interval is widest relative to its mean among those that can still get forks. */
    private JmhPhase.Slot widest() {
        JmhPhase.Slot best = null;
        double widest = 0;
        for (JmhPhase.Slot s : phase.slots()) {
            if (!open(s)) {
                continue;
            }
            double rel = interval(s.result).relative();
            if (rel > widest) {
                widest = rel;
                best = s;
            }
        }
        return best;
    }

    private boolean open(JmhPhase.Slot s) {
        ForkInterval fi = interval(s.result);
        return !s.givenUp && !s.solo && fi.forks() < precision.maxForks() && !(fi.relative() <= precision.target());
    }

    /** jab's interval of a JMH result: each fork's iterations' primary scores. */
    static ForkInterval interval(RunResult r) {
        List<double[]> raw = new ArrayList<>();
        for (BenchmarkResult fork : r.getBenchmarkResults()) {
            raw.add(fork.getIterationResults().stream().map(IterationResult::getPrimaryResult)
                    .mapToDouble(x -> x.getScore()).toArray());
        }
        return ForkInterval.of(raw);
    }
}
