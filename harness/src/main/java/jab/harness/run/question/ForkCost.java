package jab.harness.run.question;

/**
 * What a case's fork takes, in seconds, reckoned from the time of its first forks: what the added forks
 * weigh a fork's verdicts against, and what the budget must still hold for it.
 */
final class ForkCost {
    private ForkCost() {
    }

    /** What the case's next fork should take. */
    static double secondsFor(AskedCase a) {
        return forkSeconds(a, a.rounds, a.measured.size());
    }

    /** A fork of {@code rounds} rounds of {@code variants} slices: a first fork's time beside its rounds, and the rounds. */
    static double forkSeconds(AskedCase a, int rounds, int variants) {
        return fixedSeconds(a) + rounds * roundSeconds(a, variants);
    }

    /** What a fork costs beside its measured rounds: the JVM's start, the trial set-up, the warm-up rounds of every variant. */
    static double fixedSeconds(AskedCase a) {
        return Math.max(0.5, a.secondsPerFork - a.schedule.rounds() * roundSeconds(a, a.c.variants().size()));
    }

    /** A round of {@code variants} slices. */
    static double roundSeconds(AskedCase a, int variants) {
        return variants * a.schedule.sliceMs() / 1e3;
    }
}
