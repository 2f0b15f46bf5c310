package jab.harness.run.question;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;

import jab.harness.family.JmhSettings;
import jab.harness.jdk.Jdk;
import jab.harness.results.Comparisons;
import jab.harness.run.console.Progress;

/**
 * One replicate of a question whose variants cannot share a JVM (a JVM-wide setting such as the JDK's
 * launch mechanism or a class rewritten as it loads, or two builds under other JVM options): a plain
 * JMH fork of each variant, back to back, recorded as one fork of comparisons.json whose round i pairs
 * the i-th measured iteration of the JVMs, in the order they ran. The variants' forks are their results
 * too, as a result's forks in the first pass would be.
 *
 * <p>What its ratio varies over: a replicate's log-ratio is the mean over i of log(a_i / b_i), and
 * its spread over replicates holds the JVMs' JIT decisions and the machine's changes between forks run
 * seconds apart, which pairing cannot cancel (only a drift slower than a replicate cancels). So such a
 * ratio is fork-level, wider than an interleaved one. The order alternates (the reference first, then
 * last) in random pairs of replicates, so a machine that is faster for the first JVMs of a replicate
 * moves no ratio, and two replicates always hold both orders.
 */
final class ForkPair {
    private ForkPair() {
    }

    /** A pair's rounds are its JVMs' measured JMH iterations: the family's warm-up and measurement, as a result's fork has them. */
    static SliceSchedule schedule(JmhSettings s) {
        return new SliceSchedule(s.measurementTime(), s.warmupIterations(), s.iterations());
    }

    /** Whether the next replicate runs the reference (base) first: at random after an even count, else the other order than the last. */
    static boolean referenceFirst(QuestionCase c, List<Comparisons.Fork> done, long seed) {
        if (done.size() % 2 == 1) {
            List<Comparisons.Round> last = done.get(done.size() - 1).rounds();
            return !last.isEmpty() && !last.get(0).order().get(0).equals(c.reference());
        }
        return new Random(seed).nextBoolean();
    }

    /** Runs the replicate; empty when a fork failed (the host noted it). */
    static Optional<InterleavedForkRun.Measured> run(QuestionCase c, boolean referenceFirst, long seed, QuestionHost phase, Jdk jdk,
                                                     Progress progress) throws IOException {
        List<QuestionCase.Variant> order = new ArrayList<>(c.variants());
        if (!referenceFirst) {
            java.util.Collections.reverse(order);
        }
        List<List<Double>> scores = new ArrayList<>();
        Map<String, String> units = new LinkedHashMap<>();
        List<RunResult> forks = new ArrayList<>();
        List<Double> seconds = new ArrayList<>();
        for (QuestionCase.Variant v : order) {
            long t0 = System.nanoTime();
            Optional<RunResult> r = phase.measure(jdk, v.job(), 1, progress);
            if (r.isEmpty()) {
                return Optional.empty();
            }
            forks.add(r.get());
            seconds.add((System.nanoTime() - t0) / 1e9);
            List<Double> s = new ArrayList<>();
            for (BenchmarkResult b : r.get().getBenchmarkResults()) {
                for (IterationResult i : b.getIterationResults()) {
                    s.add(i.getPrimaryResult().getScore());
                    units.put(v.label(), i.getScoreUnit());
                }
            }
            scores.add(s);
        }
        if (!c.comparesBuilds()) {
            // the variants' forks are their results too (two builds' labels would collide, and their verdicts are all they ask)
            for (int i = 0; i < order.size(); i++) {
                phase.keep(jdk, order.get(i).job(), forks.get(i), seconds.get(i));
            }
        }
        return Optional.of(new InterleavedForkRun.Measured(new Comparisons.Fork(seed, paired(order, scores)), units));
    }

    /** Round i: the i-th iteration of each JVM, in the order they ran. */
    static List<Comparisons.Round> paired(List<QuestionCase.Variant> order, List<List<Double>> scores) {
        List<String> labels = order.stream().map(QuestionCase.Variant::label).toList();
        int n = scores.stream().mapToInt(List::size).min().orElse(0);
        List<Comparisons.Round> rounds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Double> round = new ArrayList<>();
            for (List<Double> s : scores) {
                round.add(s.get(i));
            }
            rounds.add(new Comparisons.Round(labels, round));
        }
        return rounds;
    }
}
