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
import jab.harness.run.question.QuestionCase;
import jab.harness.stats.SoloCheck;

/**
 * The solo forks of the interleaved questions, in rounds (solo-rounds.json): a round is one plain JMH
 * fork of every variant of a question, back to back, with its family's warm-up and iterations as any
 * result's fork; every question's first round runs, then each question's later rounds while the budget
 * holds them ({@link #run}). The variants' forks are their results too.
 *
 * <p>Why back to back: the machine's speed moves over minutes on a cloud VM, and a ratio of two forks
 * seconds apart holds little of it; run one question's variants in one pass over every family (as the
 * first forks of results are), their forks were minutes apart. Why the order changes: the machine also
 * drifts within a round, which would favour the variants that run first. The order is random in a
 * round and reversed in the next, so a steady drift within a round moves a variant's two rounds
 * opposite ways and cancels in their mean. A question's rounds need not follow each other: the check
 * takes each round's level out (a block), so the minutes between its first and second rounds move
 * nothing it compares.
 */
final class SoloRoundsRun {
    private final JmhPhase phase;
    private final RunStore store;
    private final Map<Jdk, List<QuestionCase>> cases = new LinkedHashMap<>();
    /** Every question's rounds so far, all JDKs: solo-rounds.json as it is rewritten after each round. */
    private final Map<List<String>, SoloRounds.Asked> written = new LinkedHashMap<>();

    SoloRoundsRun(JmhPhase phase, RunStore store) {
        this.phase = phase;
        this.store = store;
    }

    /** An interleaved question of a JDK whose variants get solo rounds. */
    void add(Jdk jdk, QuestionCase c) {
        cases.computeIfAbsent(jdk, k -> new ArrayList<>()).add(c);
    }

    /** The jobs that are variants of a question with solo rounds on a JDK. */
    Set<Job> jobs(Jdk jdk) {
        Set<Job> out = new HashSet<>();
        cases.getOrDefault(jdk, List.of()).forEach(c -> c.variants().forEach(v -> out.add(v.job())));
        return out;
    }

    /** The forks every round of every question takes, for the progress line's total. */
    int forkCount() {
        return cases.values().stream().flatMap(List::stream).mapToInt(c -> rounds(c) * c.variants().size()).sum();
    }

    /** The rounds a question gets: its family's profile's, where they make a check ({@link SoloCheck#roundsWorthRunning}). */
    private int rounds(QuestionCase c) {
        return SoloCheck.roundsWorthRunning(c.variants().size(), phase.profileOf(c.family()).soloRounds);
    }

    /**
     * Runs every JDK's questions' rounds: each question's first round whatever the time (its variants'
     * solo forks, their results too), then each question's later rounds, one after another, each while
     * the budget still has the time the question's last round took; a question whose later rounds do
     * not fit keeps the rounds it has, solo-rounds.json says how many it was to get, and a note says
     * which. They run after the answers' first forks and the measurements outside JMH, so what the
     * budget has left is known, not guessed: on a slow hour, or on a build's first run, which traces
     * what it runs first, it is the solo check that gives way, not the 15 minutes. False when a fork
     * failed (the notes say which).
     */
    boolean run(Progress progress) throws IOException {
        boolean ok = true;
        List<QuestionRounds> all = new ArrayList<>();
        for (Map.Entry<Jdk, List<QuestionCase>> e : cases.entrySet()) {
            for (QuestionCase c : e.getValue()) {
                QuestionRounds q = new QuestionRounds(e.getKey(), c);
                all.add(q);
                ok &= q.next(progress);
                if (RunGuard.stopping()) {
                    return false;
                }
            }
        }
        Later<QuestionRounds> later = later(all, phase::secondsLeft, progress);
        ok &= later.ok();
        if (RunGuard.stopping()) {
            return false;
        }
        List<String> cut = later.cut().stream().map(q -> String.format(Locale.ROOT, "JDK %s %s (%d of %d, a round %.0f s)", q.jdk.id(),
                q.c.title(), q.done.size(), rounds(q.c), q.lastSeconds())).toList();
        if (!cut.isEmpty()) {
            double left = phase.secondsLeft();
            phase.note((left > 0 ? String.format(Locale.ROOT, "the budget had %.0f s left, too little", left) : "the budget was spent, no time")
                    + " for more solo rounds of " + String.join(", ", cut) + ": their solo check has fewer rounds than its profile "
                    + "gives (one round: no check); the answers are as measured");
        }
        return ok;
    }

    /** A question's rounds as the budget sees them. */
    interface Rounds {
        /** Whether it is to get more rounds than it has. */
        boolean wantsMore();

        /** What its last round took, in seconds. */
        double lastSeconds();

        /** Runs its next round; false when a fork failed or a signal stopped it. */
        boolean next(Progress progress) throws IOException;

        /** Ends its rounds: the budget has no time for the next. */
        void cutShort() throws IOException;
    }

    /** What {@link #later} did: false where a fork failed, and the questions it cut short. */
    record Later<R>(boolean ok, List<R> cut) {
    }

    /**
     * Each question's later rounds, question after question, each while {@code secondsLeft} still holds
     * the time the question's last round took (a question whose next round does not fit is cut short; a
     * later, shorter question's may still fit).
     */
    static <R extends Rounds> Later<R> later(List<R> all, DoubleSupplier secondsLeft, Progress progress) throws IOException {
        boolean ok = true;
        List<R> cut = new ArrayList<>();
        for (R q : all) {
            while (q.wantsMore()) {
                if (secondsLeft.getAsDouble() < q.lastSeconds()) {
                    q.cutShort();
                    cut.add(q);
                    break;
                }
                ok &= q.next(progress);
                if (RunGuard.stopping()) {
                    return new Later<>(false, cut);
                }
            }
        }
        return new Later<>(ok, cut);
    }

    /** A question's solo rounds as they run: the variants still running, the rounds done, the last order and its time. */
    private final class QuestionRounds implements Rounds {
        final Jdk jdk;
        final QuestionCase c;
        final Random random = new Random(ThreadLocalRandom.current().nextLong());
        final List<QuestionCase.Variant> running;
        final List<SoloRounds.Round> done = new ArrayList<>();
        List<QuestionCase.Variant> order = List.of();
        double lastSeconds;
        boolean over;

        QuestionRounds(Jdk jdk, QuestionCase c) {
            this.jdk = jdk;
            this.c = c;
            this.running = new ArrayList<>(c.variants());
        }

        @Override
        public boolean wantsMore() {
            return !over && done.size() < rounds(c);
        }

        @Override
        public double lastSeconds() {
            return lastSeconds;
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
