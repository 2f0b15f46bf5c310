package jab.harness.family;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * A question a user asks of a family's benchmarks ("which existence check on a missing file"): its
 * variants are the results of {@code benchmarks} that differ only in the {@code varying} params (or,
 * with no varying param, in their method), every other param held fixed. A run answers it once per
 * combination of the params held fixed and per JDK, by ratios of the variants to the reference, and a
 * finding never compares results across params held fixed (a 4 GiB heap against none, a loose
 * repository against a packed one).
 *
 * <p>The variants of a question share each fork and take turns in short slices (interleaved), so the
 * machine's moment falls on all of them alike; {@code notInterleaved} says why a question cannot,
 * when its variants need JVMs of their own (a launch mechanism is chosen once per JVM), and its
 * ratios then vary over forks measured apart.
 *
 * @param sentence       what the user asks, in a few words
 * @param benchmarks     the JMH benchmarks (class.method) whose results are the variants
 * @param varying        the params whose values tell the variants apart; empty: the methods do
 * @param reference      the label of the variant the others are divided by (the stock choice); empty:
 *                       the first variant
 * @param floor          the same system call made from the fork, joined to the question as a variant
 *                       (the in-process floor), when the family has one
 * @param notInterleaved empty when the variants can share a JVM; else why they cannot
 */
public record Question(String sentence, List<String> benchmarks, List<String> varying, String reference,
                       Optional<Floor> floor, String notInterleaved) {

    /**
     * An in-process floor: a benchmark of the family that makes the system call behind the variants,
     * directly (JNI), with the question's held-fixed params where it declares them.
     *
     * @param label     the variant's label ("syscall:stat")
     * @param name      how it reads ("stat(2) from the fork")
     * @param benchmark its JMH benchmark (class.method)
     */
    public record Floor(String label, String name, String benchmark) {
    }

    public Question {
        benchmarks = List.copyOf(benchmarks);
        varying = List.copyOf(varying);
    }

    /** A question over the values of {@code param} of these benchmarks, interleaved. */
    public static Question overParam(String sentence, String param, String reference, String... benchmarks) {
        return new Question(sentence, List.of(benchmarks), List.of(param), reference, Optional.empty(), "");
    }

    /** A question over the methods of a benchmark class with the same params, interleaved. */
    public static Question overMethods(String sentence, String reference, List<String> benchmarks) {
        return new Question(sentence, benchmarks, List.of(), reference, Optional.empty(), "");
    }

    /**
     * Base against head for one benchmark of two builds (or of one build under two sets of JVM
     * options): the variants are {@link Baseline#BASE} and {@link Baseline#HEAD}, the reference the base.
     */
    public static Question ofBuilds(String benchmark) {
        return new Question("head against base, " + benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1),
                List.of(benchmark), List.of(), Baseline.BASE, Optional.empty(), "");
    }

    /**
     * The questions of benchmarks nobody declared questions for (a user's jar): the benchmark methods
     * of one class with the same params, and the values of each param given several, the others held fixed.
     */
    public static List<Question> derivedFrom(List<BenchmarkListEntry> benchmarks) {
        List<Question> out = new java.util.ArrayList<>();
        Map<String, List<String>> byClass = new java.util.LinkedHashMap<>();
        for (BenchmarkListEntry e : benchmarks) {
            List<String> methods = byClass.computeIfAbsent(e.getUserClassQName(), k -> new java.util.ArrayList<>());
            if (!methods.contains(e.getUsername())) {
                methods.add(e.getUsername());
            }
        }
        byClass.forEach((k, methods) -> {
            if (methods.size() >= 2) {
                out.add(overMethods("which method of " + k.substring(k.lastIndexOf('.') + 1), "", methods));
            }
        });
        for (BenchmarkListEntry e : benchmarks) {
            String name = e.getUsername().substring(e.getUserClassQName().lastIndexOf('.') + 1);
            for (String param : e.getParams().hasValue() ? e.getParams().get().keySet() : java.util.Set.<String>of()) {
                Question q = overParam("which " + param + " for " + name, param, "", e.getUsername());
                if (!out.contains(q)) {
                    out.add(q);
                }
            }
        }
        return out;
    }

    /** This question with an in-process floor. */
    public Question withFloor(String label, String name, String benchmark) {
        return new Question(sentence, benchmarks, varying, reference, Optional.of(new Floor(label, name, benchmark)), notInterleaved);
    }

    /** This question answered by forks measured apart, for the reason given. */
    public Question inSeparateForks(String why) {
        return new Question(sentence, benchmarks, varying, reference, floor, why);
    }

    public boolean interleaved() {
        return notInterleaved.isEmpty();
    }
}
