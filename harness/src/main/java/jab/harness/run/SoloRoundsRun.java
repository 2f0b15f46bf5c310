package jab.harness.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

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
 * result's fork; the question's rounds follow each other before the next question's start. The
 * variants' forks are their results too.
 *
 * <p>Why back to back: the machine's speed moves over minutes on a cloud VM, and a ratio of two forks
 * seconds apart holds little of it; run one question's variants in one pass over every family (as the
 * first forks of results are), their forks were minutes apart. Why the order changes: the machine also
 * drifts within a round, which would favour the variants that run first. The order is random in a
 * round and reversed in the next, so a steady drift within a round moves a variant's two rounds
 * opposite ways and cancels in their mean.
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

    /** Runs a JDK's rounds, question after question; false when a fork failed (the notes say which). */
    boolean run(Jdk jdk, Progress progress) throws IOException {
        boolean ok = true;
        for (QuestionCase c : cases.getOrDefault(jdk, List.of())) {
            ok &= run(jdk, c, progress);
        }
        return ok;
    }

    private boolean run(Jdk jdk, QuestionCase c, Progress progress) throws IOException {
        Random random = new Random(ThreadLocalRandom.current().nextLong());
        List<QuestionCase.Variant> running = new ArrayList<>(c.variants());
        List<SoloRounds.Round> done = new ArrayList<>();
        List<QuestionCase.Variant> order = List.of();
        boolean ok = true;
        for (int round = 0; round < rounds(c); round++) {
            order = order(round, running, order, random);
            List<String> labels = new ArrayList<>();
            List<double[]> iterations = new ArrayList<>();
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
            write(new SoloRounds.Asked(c.title(), jdk.id(), done));
            if (!running.contains(c.variants().get(0))) {
                return false; // the reference failed: no round can check anything
            }
        }
        return ok;
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
