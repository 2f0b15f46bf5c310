package jab.harness.run.question;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import jab.harness.results.RunStore;
import jab.harness.run.console.Progress;

/**
 * A case's next fork: an interleaved fork of the variants the case measures next, or a pair of forks
 * ({@link ForkPair}) where they cannot share a JVM, kept in the case with its time, and comparisons.json
 * written again, so an interruption keeps what ran.
 */
final class NextFork {
    private final QuestionHost phase;
    private final ComparisonsWriter writer;

    NextFork(QuestionHost phase, ComparisonsWriter writer) {
        this.phase = phase;
        this.writer = writer;
    }

    /** Runs and keeps the fork; false when it failed (the notes say so) or was interrupted. */
    boolean run(AskedCase a, Progress progress) throws IOException {
        long t0 = System.nanoTime();
        long seed = ThreadLocalRandom.current().nextLong();
        Optional<InterleavedForkRun.Measured> m;
        if (a.inPairs()) {
            m = ForkPair.run(a.c, ForkPair.referenceFirst(a.c, a.forks, seed), seed, phase, a.jdk, progress);
        } else {
            progress.started("JDK " + a.jdk.id() + " interleaved: " + a.c.title() + " (" + a.c.variants().size() + " variants)");
            try {
                SliceSchedule schedule = new SliceSchedule(a.schedule.slice(), a.schedule.warmupRounds(), a.rounds);
                m = new InterleavedForkRun(a.c, a.jdk, phase.forkOptions(), phase.context(a.c.family()), schedule).run(seed, a.measured,
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
            return run(a, progress);
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
        writer.write();
        return true;
    }
}
