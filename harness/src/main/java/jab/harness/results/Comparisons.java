package jab.harness.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import jab.harness.stats.PairedRatio;
import jab.harness.stats.RatioVerdict;
import jab.harness.stats.SequentialDesign;
import jab.harness.stats.Stats;

/**
 * comparisons.json: the questions a run answered, per JDK, with every slice of every interleaved fork
 * (the order the variants ran in and each one's score) and the ratios jab drew from them, so any
 * reader can recompute them and {@code jab summary} and the report rebuild their answers from it.
 *
 * @param formatVersion {@link #FORMAT_VERSION}; a later jab reads every earlier one (1: without the band; 1 and 2: a
 *                      single look's intervals)
 * @param band          the equivalence band of the verdicts (0.03: ratios within ±3% are the same)
 * @param questions     one entry per question, combination of params held fixed, and JDK
 */
public record Comparisons(int formatVersion, double band, List<Asked> questions) {
    public static final String NAME = "comparisons";
    /** 3: each question's {@link SequentialDesign}, its intervals repeated confidence intervals floored at the rounds' error. */
    public static final int FORMAT_VERSION = 3;

    public Comparisons {
        band = band > 0 ? band : RatioVerdict.DEFAULT_BAND; // format 1 had no band: its verdicts used the default
        questions = List.copyOf(questions);
    }

    /**
     * One question as asked of one JDK.
     *
     * @param question       the sentence, with the params held fixed where the question is asked for several
     * @param family         the family that asks it
     * @param jdk            the JDK's id
     * @param fixed          the params held fixed (name to value)
     * @param variants       the variants' labels, unique within the question
     * @param reference      the label the other variants are divided by
     * @param details        per variant: its display name, benchmark, params and score unit
     * @param higherIsBetter whether a larger score is faster (ops per time)
     * @param notInterleaved empty when the variants shared each fork; else why they could not
     * @param slices         how each interleaved fork ran its rounds
     * @param forks          the interleaved forks
     * @param ratios         each variant against the reference: score(a) / score(b)
     * @param design         how the intervals are drawn as forks are added ({@link SequentialDesign}); absent
     *                       before format 3, whose intervals were a single look's
     */
    public record Asked(String question, String family, String jdk, Map<String, String> fixed, List<String> variants,
                        String reference, List<Variant> details, boolean higherIsBetter, String notInterleaved,
                        Slices slices, List<Fork> forks, List<Ratio> ratios, SequentialDesign design) {
        public Asked {
            design = design == null ? SequentialDesign.FIXED : design;
        }


        /**
         * This question with its ratios drawn from its forks: every variant against the reference first
         * (the answer), then every other pair (so any two variants can be read against each other).
         */
        public Asked withRatios(double band) {
            List<Ratio> out = new ArrayList<>();
            for (String v : variants) {
                if (!v.equals(reference)) {
                    out.add(ratio(v, reference, band));
                }
            }
            for (int i = 0; i < variants.size(); i++) {
                for (int j = i + 1; j < variants.size(); j++) {
                    if (!variants.get(i).equals(reference) && !variants.get(j).equals(reference)) {
                        out.add(ratio(variants.get(j), variants.get(i), band));
                    }
                }
            }
            return new Asked(question, family, jdk, fixed, variants, reference, details, higherIsBetter, notInterleaved, slices,
                    forks, out, design);
        }

        private Ratio ratio(String a, String b, double band) {
            PairedRatio r = ratio(a, b);
            return new Ratio(a, b, r.ratio(), r.low(), r.high(), r.forks(), r.rounds(),
                    r.overForks() ? "forks" : "rounds of one fork", RatioVerdict.of(r, band, higherIsBetter).words);
        }

        /** This question with {@code ratios} in place of its own (each with its planted truth, say). */
        public Asked replacingRatios(List<Ratio> ratios) {
            return new Asked(question, family, jdk, fixed, variants, reference, details, higherIsBetter, notInterleaved, slices, forks,
                    ratios, design);
        }

        /** The ratios against the reference: what the question asks. */
        public List<Ratio> answers() {
            return ratios.stream().filter(r -> r.b().equals(reference)).toList();
        }

        /** Each fork's mean log(score a / score b), forks without a paired round left out. */
        public double[] forkLogRatios(String a, String b) {
            return forks.stream().map(f -> f.logRatios(a, b)).filter(x -> x.length > 0).mapToDouble(Stats::mean).toArray();
        }

        /** score(a) / score(b) over the forks, from the rounds where both ran, its interval by the question's design. */
        public PairedRatio ratio(String a, String b) {
            return PairedRatio.of(logRatiosPerFork(a, b), design);
        }

        /** Each fork's round log-ratios of a over b (empty for a fork that did not measure both). */
        public List<double[]> logRatiosPerFork(String a, String b) {
            return forks.stream().map(f -> f.logRatios(a, b)).toList();
        }

        /** Each fork's mean score of a variant (its slices' mean), in the order of the forks. */
        public double[] forkMeans(String label) {
            return forks.stream().mapToDouble(f -> Stats.mean(f.scores(label))).filter(x -> !Double.isNaN(x)).toArray();
        }

        /** Every slice's score of a variant, all forks together: the moments the interleaved forks measured it at. */
        public double[] sliceScores(String label) {
            return forks.stream().flatMapToDouble(f -> java.util.Arrays.stream(f.scores(label))).filter(x -> !Double.isNaN(x)).toArray();
        }

        public Variant detail(String label) {
            return details.stream().filter(d -> d.label().equals(label)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no variant " + label + " in " + question));
        }
    }

    /**
     * A variant of a question.
     *
     * @param label     its label in the question (a param's value, a method's name, syscall:stat)
     * @param name      how it reads (File.exists(), stat(2) from the fork)
     * @param benchmark its JMH benchmark (class.method)
     * @param params    its JMH params
     * @param unit      its score's unit
     */
    public record Variant(String label, String name, String benchmark, Map<String, String> params, String unit) {
    }

    /**
     * How an interleaved fork ran: each slice one JMH iteration of {@code slice}, warm-up rounds left out
     * of {@link Fork}; {@code rounds} of the first forks (a fork added later may run more, by where the
     * variance lies); {@code secondsPerFork}, a first fork's wall time, start to end (0 in format 1);
     * {@code mode}, the benchmarks' JMH mode as JMH's JSON names it ("avgt", "ss"; null in files written
     * before it was kept), so a variant no solo fork measured is still a result of its mode.
     */
    public record Slices(String slice, int warmupRounds, int rounds, double secondsPerFork, String mode) {
        /** Slices whose mode is not known (written before it was kept). */
        public Slices(String slice, int warmupRounds, int rounds, double secondsPerFork) {
            this(slice, warmupRounds, rounds, secondsPerFork, null);
        }
    }

    /** One interleaved fork: the seed of its random orders and its measured rounds. */
    public record Fork(long seed, List<Round> rounds) {
        public Fork {
            rounds = List.copyOf(rounds);
        }

        public double[] logRatios(String a, String b) {
            return rounds.stream().filter(r -> r.order().contains(a) && r.order().contains(b))
                    .mapToDouble(r -> Math.log(r.score(a) / r.score(b))).filter(Double::isFinite).toArray();
        }

        double[] scores(String label) {
            return rounds.stream().filter(r -> r.order().contains(label)).mapToDouble(r -> r.score(label)).toArray();
        }
    }

    /** One round: the variants in the order their slices ran, and each slice's score in that order. */
    public record Round(List<String> order, List<Double> scores) {
        public Round {
            order = List.copyOf(order);
            scores = List.copyOf(scores);
        }

        double score(String label) {
            return scores.get(order.indexOf(label));
        }
    }

    /**
     * score(a) / score(b), with its 95% interval and the verdict.
     *
     * @param intervalOver "forks", or "rounds of one fork" (too narrow: a fork's JIT decisions are one draw)
     * @param verdict      a's verdict against b: faster, slower, the same or undecided ({@link RatioVerdict})
     * @param planted      in a calibration, the true ratio of two variants built to differ by exactly that; else null (not written)
     */
    public record Ratio(String a, String b, double ratio, double low, double high, int forks, int rounds, String intervalOver,
                        String verdict, @JsonInclude(JsonInclude.Include.NON_NULL) Double planted) {
        public Ratio(String a, String b, double ratio, double low, double high, int forks, int rounds, String intervalOver,
                     String verdict) {
            this(a, b, ratio, low, high, forks, rounds, intervalOver, verdict, null);
        }

        /** This ratio with its planted truth (null: none). */
        public Ratio planted(Double truth) {
            return new Ratio(a, b, ratio, low, high, forks, rounds, intervalOver, verdict, truth);
        }

        /** The interval's half-width relative to the ratio, on the log scale (0.02 for ±2%). */
        public double relativeHalfWidth() {
            return Math.sqrt(high / low) - 1;
        }

        /**
         * Still open: undecided, and wider than {@code answeredWidth} (a ratio on the band's edge whose
         * interval is that narrow is answered by its width). What jab run spends forks on and tallies.
         */
        public boolean open(double answeredWidth) {
            return RatioVerdict.UNDECIDED.words.equals(verdict) && !(relativeHalfWidth() <= answeredWidth);
        }

        /** The ratio as the statistics classes take it. */
        public PairedRatio paired() {
            return new PairedRatio(ratio, low, high, forks, rounds, "forks".equals(intervalOver));
        }
    }

    /** The half-width at which an undecided ratio is answered by its width: the band, or the ratio goal if wider. */
    public static double answeredWidth(double band, double ratioTarget) {
        return Math.max(ratioTarget, band);
    }
}
