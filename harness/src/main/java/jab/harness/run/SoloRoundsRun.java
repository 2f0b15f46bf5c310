package jab.harness.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;

import jab.harness.jdk.Jdk;
import jab.harness.results.RunStore;
import jab.harness.results.SoloRounds;
import jab.harness.run.console.Progress;
import jab.harness.run.jmh.Job;
import jab.harness.run.lifecycle.RunGuard;
import jab.harness.run.question.AskedCase;
import jab.harness.run.question.QuestionCase;
import jab.harness.stats.SoloCheck;

/**
 * The solo forks of the interleaved questions, in rounds (solo-rounds.json): a round is one plain JMH
 * fork of every variant of a question, back to back, with its family's warm-up and iterations as any
 * result's fork; a question's rounds run one after another, question after question, where the budget
 * holds a check's worth of them ({@link #rounds}). The variants' forks are their results too.
 *
 * <p>Why back to back: the machine's speed moves over minutes on a cloud VM, and a ratio of two forks
 * seconds apart holds little of it; run one question's variants in one pass over every family (as the
 * first forks of results are), their forks were minutes apart. Why the order changes: the machine also
 * drifts within a round, which would favour the variants that run first. The order is random in a
 * round and reversed in the next, so a steady drift within a round moves a variant's two rounds
 * opposite ways and cancels in their mean.
 */
final class SoloRoundsRun {
    /**
     * A solo round's time before it ran, in the question's first interleaved forks: a round took 0.87 to
     * 1.42 of the question's longest first fork in a default run (2026-11-30, JDK 17, traces cached: the
     * fs questions 1.42, JGit 1.37, JRuby 1.29, kv 1.0, the write strategies 0.97, the process libraries
     * 0.87-0.90), so 1.5 over-reckons them all, and a round it lets start ends inside the budget.
     */
    static final double ROUND_PER_FIRST_FORK = 1.5;
    /** The fewest rounds that check anything: the check draws its error from how rounds differ. */
    static final int ROUNDS_OF_A_CHECK = 2;

    private final JmhPhase phase;
    private final RunStore store;
    private final Map<Jdk, List<AskedCase>> cases = new LinkedHashMap<>();
    /** Every question's rounds so far, all JDKs: solo-rounds.json as it is rewritten after each round. */
    private final Map<List<String>, SoloRounds.Asked> written = new LinkedHashMap<>();

    SoloRoundsRun(JmhPhase phase, RunStore store) {
        this.phase = phase;
        this.store = store;
    }

    /** An interleaved question of a JDK whose variants get solo rounds, its first forks still to run. */
    void add(Jdk jdk, AskedCase a) {
        cases.computeIfAbsent(jdk, k -> new ArrayList<>()).add(a);
    }

    /** The jobs that are variants of a question with solo rounds on a JDK. */
    Set<Job> jobs(Jdk jdk) {
        Set<Job> out = new HashSet<>();
        cases.getOrDefault(jdk, List.of()).forEach(a -> a.c.variants().forEach(v -> out.add(v.job())));
        return out;
    }

    /** The forks every round of every question takes, for the progress line's total. */
    int forkCount() {
        return cases.values().stream().flatMap(List::stream).mapToInt(a -> rounds(a.c) * a.c.variants().size()).sum();
    }

    /** The rounds a question gets: its family's profile's, where they make a check ({@link SoloCheck#roundsWorthRunning}). */
    private int rounds(QuestionCase c) {
        return SoloCheck.roundsWorthRunning(c.variants().size(), phase.profileOf(c.family()).soloRounds);
    }

    /**
     * Runs every JDK's questions' rounds, question after question ({@link #rounds}). They run after the
     * answers' first forks and the measurements outside JMH, so what the budget has left is known, not
     * guessed: on a slow hour, or on a build's first run, which traces what it runs first, it is the
     * solo check that gives way, not the 15 minutes. False when a fork failed (the notes say which).
     */
    boolean run(Progress progress) throws IOException {
        List<QuestionRounds> all = new ArrayList<>();
        cases.forEach((jdk, asked) -> asked.forEach(a -> all.add(new QuestionRounds(jdk, a))));
        Ran<QuestionRounds> ran = rounds(all, phase::secondsLeft, progress);
        if (RunGuard.stopping()) {
            return false;
        }
        List<String> cut = ran.cut().stream().map(q -> String.format(Locale.ROOT, "JDK %s %s (%d of %d, a round %s%.0f s)", q.jdk.id(),
                q.c.title(), q.done.size(), rounds(q.c), q.done.isEmpty() ? "about " : "", q.roundSeconds())).toList();
        if (!cut.isEmpty()) {
            double left = phase.secondsLeft();
            phase.note((left > 0 ? String.format(Locale.ROOT, "the budget had %.0f s left, too little", left) : "the budget was spent, no time")
                    + " for the solo rounds of " + String.join(", ", cut) + ": a solo check needs two rounds at least, and "
                    + "none starts that the budget cannot finish; the answers are as measured");
        }
        return ran.ok();
    }

    /** A question's rounds as the budget sees them. */
    interface Rounds {
        /** Whether it is to get more rounds than it has. */
        boolean wantsMore();

        /** What a round takes, in seconds: its last round's, or before one ran, an over-reckoning of it. */
        double roundSeconds();

        /** The rounds it is to get. */
        int planned();

        /** Runs its next round; false when a fork failed or a signal stopped it. */
        boolean next(Progress progress) throws IOException;

        /** Ends its rounds: the budget has no time for the next (or, before the first, for a check's). */
        void cutShort() throws IOException;
    }

    /** What {@link #rounds} did: false where a fork failed, and the questions it cut short. */
    record Ran<R>(boolean ok, List<R> cut) {
    }

    /**
     * Each question's rounds, question after question: a question starts only when {@code secondsLeft}
     * holds the rounds of a check at its round's reckoning (two, or the one a question of too few
     * variants is planned: a first round alone checks nothing, and its forks would be taken from the
     * forks added to open comparisons), and each round after its first runs while the time left holds
     * what its last round took. A question that does not fit is skipped or cut short; a later, shorter
     * one may still fit.
     */
    static <R extends Rounds> Ran<R> rounds(List<R> all, DoubleSupplier secondsLeft, Progress progress) throws IOException {
        boolean ok = true;
        List<R> cut = new ArrayList<>();
        for (R q : all) {
            if (secondsLeft.getAsDouble() < Math.min(q.planned(), ROUNDS_OF_A_CHECK) * q.roundSeconds()) {
                q.cutShort();
                cut.add(q);
                continue;
            }
            do {
                ok &= q.next(progress);
                if (RunGuard.stopping()) {
                    return new Ran<>(false, cut);
                }
            } while (q.wantsMore() && secondsLeft.getAsDouble() >= q.roundSeconds());
            if (q.wantsMore()) {
                q.cutShort();
                cut.add(q);
            }
        }
        return new Ran<>(ok, cut);
    }

    /** A question's solo rounds as they run: the variants still running, the rounds done, the last order and its time. */
    private final class QuestionRounds implements Rounds {
        final Jdk jdk;
        final AskedCase asked;
        final QuestionCase c;
        final Random random = new Random(ThreadLocalRandom.current().nextLong());
        final List<QuestionCase.Variant> running;
        final List<SoloRounds.Round> done = new ArrayList<>();
        List<QuestionCase.Variant> order = List.of();
        double lastSeconds;
        boolean over;

        QuestionRounds(Jdk jdk, AskedCase asked) {
            this.jdk = jdk;
            this.asked = asked;
            this.c = asked.c;
            this.running = new ArrayList<>(c.variants());
        }

        @Override
        public boolean wantsMore() {
            return !over && done.size() < rounds(c);
        }

        @Override
        public double roundSeconds() {
            return done.isEmpty() ? ROUND_PER_FIRST_FORK * asked.secondsPerFork() : lastSeconds;
        }

        @Override
        public int planned() {
            return rounds(c);
        }

        @Override
        public boolean next(Progress progress) throws IOException {
            long start = System.nanoTime();
            order = order(done.size(), running, order, random);
            List<String> labels = new ArrayList<>();
            List<double[]> iterations = new ArrayList<>();
            boolean ok = true;
            for (QuestionCase.Variant v : order) {
                if (RunGuard.stopping()) {
                    return false;
                }
                long t0 = System.nanoTime();
                Optional<RunResult> r = phase.measure(jdk, v.job(), 1, progress);
                if (r.isEmpty()) {
                    // a result is all its forks or none: a JDK that crashed in one is no figure
                    ok = false;
                    running.remove(v);
                    phase.drop(jdk, v.job());
                    phase.note("JDK " + jdk.id() + " " + v.job().label() + ": no result; see " + RunStore.jmhLog(jdk.id()));
                    continue;
                }
                phase.keep(jdk, v.job(), r.get(), (System.nanoTime() - t0) / 1e9);
                labels.add(v.label());
                iterations.add(iterations(r.get()));
            }
            done.add(new SoloRounds.Round(labels, iterations));
            lastSeconds = (System.nanoTime() - start) / 1e9;
            write(new SoloRounds.Asked(c.title(), jdk.id(), done));
            if (!running.contains(c.variants().get(0))) {
                over = true; // the reference failed: no round can check anything
                return false;
            }
            return ok;
        }

        /** No more rounds; solo-rounds.json keeps how many it was to get. */
        @Override
        public void cutShort() throws IOException {
            over = true;
            write(new SoloRounds.Asked(c.title(), jdk.id(), done, rounds(c)));
        }
    }

    /**
     * The order of a round: a random one in an even round (the first is 0), the last round's reversed in
     * an odd one, either of the variants still running (a variant whose fork failed is left out).
     */
    static <T> List<T> order(int round, List<T> running, List<T> last, Random random) {
        List<T> order = new ArrayList<>(round % 2 == 0 ? running : last);
        if (round % 2 == 0) {
            Collections.shuffle(order, random);
        } else {
            Collections.reverse(order);
            order.retainAll(running);
        }
        return order;
    }

    /** The fork's measured iterations, in order. */
    private static double[] iterations(RunResult r) {
        List<Double> out = new ArrayList<>();
        for (BenchmarkResult b : r.getBenchmarkResults()) {
            for (IterationResult i : b.getIterationResults()) {
                out.add(i.getPrimaryResult().getScore());
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private void write(SoloRounds.Asked asked) throws IOException {
        written.put(List.of(asked.question(), asked.jdk()), asked);
        store.writeDocument(SoloRounds.NAME, new SoloRounds(SoloRounds.FORMAT_VERSION, new ArrayList<>(written.values())));
    }
}
