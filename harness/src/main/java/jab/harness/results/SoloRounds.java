package jab.harness.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * solo-rounds.json: the solo forks of each interleaved question, in the rounds they ran. A round is one
 * plain JMH fork of every variant of the question, back to back, each variant alone in its JVM; the
 * rounds of a question follow each other, the order of the variants changing from round to round. The
 * forks are in jmh-&lt;jdk&gt;.json too (each variant's result holds them); this document says which
 * forks ran together, which the solo check pairs on, and holds their iterations so any reader can
 * recompute it.
 *
 * <p>Why rounds: the machine's speed moves over minutes on a cloud VM, so a ratio of two solo forks
 * run seconds apart holds far less of it than one of forks run minutes apart, and the rounds' spread
 * gives the check its error, which one fork a side cannot.
 *
 * @param formatVersion {@link #FORMAT_VERSION}
 * @param questions     one entry per interleaved question and JDK
 */
public record SoloRounds(int formatVersion, List<Asked> questions) {
    public static final String NAME = "solo-rounds";
    public static final int FORMAT_VERSION = 1;

    public SoloRounds {
        questions = List.copyOf(questions);
    }

    /**
     * One question's solo rounds on one JDK.
     *
     * @param question the question's title, as comparisons.json has it
     * @param jdk      the JDK's id
     * @param rounds   the rounds, in the order they ran
     * @param planned  where the budget had no time for its later rounds, the rounds its profile gives it;
     *                 null where it did not cut them (and in runs written before it could)
     */
    public record Asked(String question, String jdk, List<Round> rounds, Integer planned) {
        public Asked {
            rounds = List.copyOf(rounds);
        }

        /** A question's rounds, none cut by the budget. */
        public Asked(String question, String jdk, List<Round> rounds) {
            this(question, jdk, rounds, null);
        }

        /** Whether the budget cut its rounds short. */
        public boolean cutShort() {
            return planned != null && planned > rounds.size();
        }
    }

    /**
     * One round: the variants' labels in the order their forks ran, and each fork's measured iterations
     * in that order (a variant whose fork failed is not in it).
     */
    public record Round(List<String> order, List<double[]> iterations) {
        public Round {
            order = List.copyOf(order);
            iterations = List.copyOf(iterations);
        }

        /** The measured iterations of a variant's fork in this round, if it ran. */
        public Optional<double[]> of(String label) {
            int i = order.indexOf(label);
            return i < 0 ? Optional.empty() : Optional.of(iterations.get(i));
        }
    }

    /** Whether the budget cut a question's solo rounds short (solo-rounds.json says; older runs never did). */
    public static boolean cutShort(RunResults run, Comparisons.Asked q) {
        return plannedWhereCut(run, q) > 0;
    }

    /** The rounds the budget cut a question's solo rounds short of; 0 where it did not cut them. */
    public static int plannedWhereCut(RunResults run, Comparisons.Asked q) {
        return run.document(NAME, SoloRounds.class).flatMap(d -> asked(d, q)).filter(Asked::cutShort).map(Asked::planned).orElse(0);
    }

    private static Optional<Asked> asked(SoloRounds doc, Comparisons.Asked q) {
        return doc.questions().stream().filter(a -> a.question().equals(q.question()) && a.jdk().equals(q.jdk())).findFirst();
    }

    /**
     * The solo rounds of a question as the run made them: its solo-rounds.json entry, or for a run
     * written before that document, the variants' solo forks in jmh-&lt;jdk&gt;.json, the k-th fork
     * of each a round (such runs made one solo fork per variant, one round).
     */
    public static List<Round> of(RunResults run, Comparisons.Asked q) {
        Optional<SoloRounds> doc = run.document(NAME, SoloRounds.class);
        if (doc.isPresent()) {
            return asked(doc.get(), q).map(Asked::rounds).orElse(List.of());
        }
        List<Round> rounds = new ArrayList<>();
        for (int k = 0; ; k++) {
            List<String> order = new ArrayList<>();
            List<double[]> iterations = new ArrayList<>();
            for (Comparisons.Variant v : q.details()) {
                Optional<List<double[]>> forks = jmhForks(run, q.jdk(), v);
                if (forks.isPresent() && forks.get().size() > k) {
                    order.add(v.label());
                    iterations.add(forks.get().get(k));
                }
            }
            if (order.isEmpty()) {
                return rounds;
            }
            rounds.add(new Round(order, iterations));
        }
    }

    /** A variant's forks in jmh-&lt;jdk&gt;.json, when the run has its result in the question's unit. */
    private static Optional<List<double[]>> jmhForks(RunResults run, String jdk, Comparisons.Variant v) {
        return run.jmh(jdk).stream()
                .filter(r -> r.benchmark().equals(v.benchmark()) && r.params().equals(v.params()) && r.unit().equals(v.unit()))
                .findFirst().map(BenchResult::rawData);
    }
}
