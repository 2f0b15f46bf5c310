package jab.harness.report;

import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jab.harness.results.Comparisons;
import jab.harness.results.RunResults;
import jab.harness.results.SoloRounds;
import jab.harness.stats.ForkInterval;
import jab.harness.stats.PairedRatio;
import jab.harness.stats.RatioVerdict;
import jab.harness.stats.SoloCheck;
import jab.harness.stats.Trend;
import jab.harness.warnings.RunWarnings;
import jab.harness.warnings.Warning;

/**
 * The answer to each question of a run (comparisons.json), in words: per question and JDK, each variant
 * against the reference with the ratio, its 95% interval over forks and the verdict ("Files.exists(p)
 * is 1.10x [1.08-1.12] faster than File.exists()"), then how each variant's interleaved ratio agrees
 * with its solo forks (plain JMH, the variant alone in its JVM, in rounds).
 *
 * <p>Why the solo check: the variants of an interleaved fork share the JDK's code, and the JIT compiles
 * a shared method once with the profile all of them made (profile pollution), so a variant can be
 * compiled differently beside the others than alone. Where the solo rounds' ratio differs from the
 * interleaved one beyond both their errors, the ratio may not be what a program running one variant sees.
 */
public final class Answers {
    private Answers() {
    }

    /** A question's answer: a title line and a line per ratio, and the solo check's line. */
    public record Answer(String title, List<String> lines, String solo, List<Warning> warnings) {
    }

    public static List<Answer> of(RunResults run) {
        List<Answer> out = new ArrayList<>();
        Optional<Comparisons> doc = run.document(Comparisons.NAME, Comparisons.class);
        if (doc.isEmpty()) {
            return out;
        }
        for (Comparisons.Asked q : doc.get().questions()) {
            String title = q.question() + ", JDK " + q.jdk();
            boolean interleaved = q.notInterleaved().isEmpty();
            if (!interleaved && q.forks().isEmpty()) {
                out.add(new Answer(title, List.of("measured in separate forks, not interleaved: " + q.notInterleaved()
                        + "; no ratio: the tables below give each variant's own forks"), "", List.of()));
                continue;
            }
            if (q.forks().isEmpty()) {
                out.add(new Answer(title, List.of("no " + (interleaved ? "interleaved fork" : "pair of forks") + " completed: no answer"),
                        "", List.of()));
                continue;
            }
            List<String> lines = new ArrayList<>();
            double band = doc.get().band();
            double answeredWidth = Comparisons.answeredWidth(band, run.record().request().ratioPrecision());
            for (Comparisons.Ratio r : q.answers()) {
                lines.add(sentence(q, r) + toDecide(q, r, band, answeredWidth));
            }
            if (!interleaved) {
                // variants that cannot share a JVM: each fork of the ratio is a replicate of one JVM per variant
                lines.add("fork-level, not interleaved (" + q.notInterleaved() + "): each fork above is one JMH fork per "
                        + "variant, back to back in alternating order, and the interval holds what changes between JVMs");
            }
            List<Warning> warnings = new ArrayList<>();
            out.add(new Answer(title, lines, interleaved ? solo(run, q, warnings) : "", warnings));
        }
        return out;
    }

    /**
     * A question asked of several JDKs, compared on its within-fork ratios: for each later JDK and
     * each variant, how its ratio to the reference moved against the first JDK's (ratio of ratios,
     * Welch over the two JDKs' forks). The absolute scores are in the tables per JDK, each over its own
     * forks; no ratio of them is drawn, as forks of two JDKs never ran at the same moments.
     */
    public static List<String> acrossJdks(RunResults run) {
        List<String> out = new ArrayList<>();
        Optional<Comparisons> doc = run.document(Comparisons.NAME, Comparisons.class);
        if (doc.isEmpty()) {
            return out;
        }
        java.util.Map<String, List<Comparisons.Asked>> byQuestion = new java.util.LinkedHashMap<>();
        doc.get().questions().stream().filter(q -> q.notInterleaved().isEmpty() && !q.forks().isEmpty())
                .forEach(q -> byQuestion.computeIfAbsent(q.family() + "\n" + q.question(), k -> new ArrayList<>()).add(q));
        for (List<Comparisons.Asked> qs : byQuestion.values()) {
            Comparisons.Asked base = qs.get(0);
            for (Comparisons.Asked other : qs.subList(1, qs.size())) {
                List<String> parts = new ArrayList<>();
                for (Comparisons.Ratio r : other.answers()) {
                    if (!base.variants().contains(r.a()) || !base.reference().equals(r.b())) {
                        continue;
                    }
                    jab.harness.stats.RatioOfRatios rr = jab.harness.stats.RatioOfRatios.of(base.forkLogRatios(r.a(), r.b()),
                            other.forkLogRatios(r.a(), r.b()));
                    parts.add(String.format(Locale.ROOT, "%s %.2fx -> %.2fx (%.2fx%s)", other.detail(r.a()).name(),
                            base.ratio(r.a(), r.b()).ratio(), r.ratio(), rr.ratio(),
                            rr.hasInterval() ? String.format(Locale.ROOT, " [%.2f-%.2f]", rr.low(), rr.high()) : ", no interval"));
                }
                if (!parts.isEmpty()) {
                    out.add(String.format(Locale.ROOT, "%s, JDK %s against JDK %s, each variant's ratio to %s (the ratio of the two, "
                            + "95%% over both JDKs' forks): %s", base.question(), other.jdk(), base.jdk(),
                            base.detail(base.reference()).name(), String.join("; ", parts)));
                }
            }
        }
        return out;
    }

    /** What a costs over b, with its interval: a's time over b's, or b's throughput over a's. */
    record Cost(double ratio, double low, double high) {
        static Cost of(Comparisons.Asked q, Comparisons.Ratio r) {
            return q.higherIsBetter() ? new Cost(1 / r.ratio(), 1 / r.high(), 1 / r.low()) : new Cost(r.ratio(), r.low(), r.high());
        }
    }

    /** "Files.exists(p) is 1.10x [1.08-1.12] faster than File.exists() (5 forks, 20 rounds each)". */
    static String sentence(Comparisons.Asked q, Comparisons.Ratio r) {
        String a = q.detail(r.a()).name();
        String b = q.detail(r.b()).name();
        // cost of a over b: a's time over b's, or b's throughput over a's
        Cost c = Cost.of(q, r);
        double cost = c.ratio();
        double lo = c.low();
        double hi = c.high();
        String how = String.format(Locale.ROOT, " (%d fork%s, %d rounds%s)", r.forks(), r.forks() == 1 ? "" : "s", r.rounds(),
                r.forks() >= 2 ? "" : "; one fork: the interval varies over its rounds only, so it is too narrow");
        if (Double.isNaN(lo)) {
            return String.format(Locale.ROOT, "%s costs %.2fx %s, no interval%s", a, cost, b, how);
        }
        String verdict = r.verdict();
        if (verdict.equals("the same")) {
            return String.format(Locale.ROOT, "%s and %s are the same within the band: %s costs %.2fx [%.2f-%.2f] %s%s", a, b, a, cost,
                    lo, hi, b, how);
        }
        boolean aCheaper = cost < 1;
        String fast = aCheaper ? a : b;
        String slow = aCheaper ? b : a;
        double times = aCheaper ? 1 / cost : cost;
        double tlo = aCheaper ? 1 / hi : lo;
        double thi = aCheaper ? 1 / lo : hi;
        String tail = !verdict.equals("undecided") ? "" : r.forks() < 2 ? ", undecided (one fork decides nothing)"
                : ", undecided (the interval crosses the equivalence band)";
        return String.format(Locale.ROOT, "%s is %.2fx [%.2f-%.2f] faster than %s%s%s", fast, times, tlo, thi, slow, tail, how);
    }

    /**
     * For an undecided ratio over forks, what would decide it if its forks kept their spread: "; about 9
     * forks in all would decide it, 1 min 10 s more". Nothing for a decided one, or one answered by its width.
     */
    static String toDecide(Comparisons.Asked q, Comparisons.Ratio r, double band, double answeredWidth) {
        PairedRatio p = q.ratio(r.a(), r.b());
        if (!r.open(answeredWidth) || !p.overForks()) {
            return "";
        }
        int limit = PairedRatio.FORKS_COUNTED;
        int n = p.forksToDecide(band, answeredWidth, limit, q.design());
        if (n >= limit) {
            return "; more than " + limit + " forks would be needed to decide it (it sits on the band's edge)";
        }
        double seconds = (n - p.forks()) * q.slices().secondsPerFork();
        return String.format(Locale.ROOT, "; about %d forks in all would decide it%s", n,
                seconds > 0 ? ", " + RunWarnings.minutes(Math.round(seconds)) + " more" : "");
    }

    /**
     * How the solo forks agree with the interleaved ones, on each variant's ratio to the reference
     * ({@link SoloCheck}: rounds of one solo fork per variant back to back, solo-rounds.json), in words
     * that print no second ratio of the pair: how many variants agree, the difference the check finds
     * 4 times in 5 (its power), and where they disagree, which figure to believe and why, and a
     * warning. A variant whose solo forks still fall ({@link #warmingUp}: warm-up not reached) checks
     * nothing and is left out, said so; where the reference's do, the first settled variant takes its
     * place in every pair (the question answers every pair over its forks), so that one reference's
     * forks caught by the host's speed switches do not void the whole check (a default run on an Intel
     * host, 2026-12-01: both fs questions' checks "not compared", their two rounds of eight solo forks
     * each for nothing). One round (smoke) has no error to judge by, and is no check; a question the
     * budget gave no round is said to have none.
     */
    static String solo(RunResults run, Comparisons.Asked q, List<Warning> warnings) {
        List<SoloRounds.Round> rounds = SoloRounds.of(run, q);
        String reference = q.reference();
        List<double[]> referenceForks = forksOf(rounds, reference);
        if (referenceForks.isEmpty()) {
            int planned = rounds.isEmpty() ? SoloRounds.plannedWhereCut(run, q) : 0;
            if (planned == 1) {
                return "no solo forks: the budget had no time for their one round after the answers' forks (with "
                        + q.variants().size() + " variants it gives their solo scores, no check)";
            }
            return planned == 0 ? "" : "no solo forks: the budget had no time for their rounds after the answers' forks (a check "
                    + "takes two at least), so nothing checks the answers against solo forks in this run";
        }
        List<String> warming = new ArrayList<>();
        String anchor = reference;
        if (warmingUp(referenceForks, q.higherIsBetter())) {
            // the check holds a pair's solo ratio against the same pair's interleaved one, and the question
            // has every pair: a settled variant anchors the ratios as well as the reference would
            Optional<Comparisons.Variant> settled = q.details().stream()
                    .filter(v -> !v.label().equals(reference) && forksOf(rounds, v.label()).size() == referenceForks.size()
                            && !warmingUp(forksOf(rounds, v.label()), q.higherIsBetter()))
                    .findFirst();
            if (settled.isEmpty()) {
                return "not compared: the solo forks of " + q.detail(reference).name() + ", the reference, were still warming up "
                        + "(their iterations fall), and no other variant's had settled";
            }
            anchor = settled.get().label();
            warming.add(q.detail(reference).name() + " (the reference)");
        }
        Map<Comparisons.Variant, double[]> perVariant = new LinkedHashMap<>();
        for (Comparisons.Variant v : q.details()) {
            List<double[]> forks = forksOf(rounds, v.label());
            if (v.label().equals(reference) || v.label().equals(anchor) || forks.isEmpty()) {
                continue;
            }
            if (warmingUp(forks, q.higherIsBetter())) {
                warming.add(v.name());
                continue;
            }
            perVariant.put(v, roundLogRatios(rounds, v.label(), anchor));
        }
        String against = anchor.equals(reference) ? "" : ", each against " + q.detail(anchor).name() + " (the first variant whose solo "
                + "forks had settled)";
        String left = warming.isEmpty() ? "" : "; not compared, their solo forks still warming up (iterations falling): "
                + String.join(", ", warming);
        if (perVariant.isEmpty()) {
            return left.isEmpty() ? "" : left.substring(2);
        }
        int paired = perVariant.values().stream().mapToInt(d -> d.length).max().orElse(0);
        if (paired < 2) {
            boolean smoke = run.record().request().profile().equals("smoke");
            return "one solo fork per variant (one round" + (smoke ? ", as the smoke profile runs"
                    : SoloRounds.cutShort(run, q) ? ": the budget had no time for a second after the answers' forks"
                    : q.variants().size() <= SoloCheck.FEWEST_DEGREES_OF_FREEDOM ? ": with " + q.variants().size()
                    + " variants, rounds would leave too few degrees of freedom for a check worth its forks; the thorough "
                    + "profile runs four" : "") + "): no check, which takes its error from how two rounds of them at least differ" + left;
        }
        SoloCheck.Pooled pooled = SoloCheck.Pooled.of(logMeans(rounds, anchor, perVariant.keySet()));
        int compared = 0;
        double least = Double.POSITIVE_INFINITY;
        double most = 0;
        List<String> differ = new ArrayList<>();
        for (Map.Entry<Comparisons.Variant, double[]> e : perVariant.entrySet()) {
            Comparisons.Variant v = e.getKey();
            SoloCheck c = SoloCheck.of(e.getValue(), pooled, q.forkLogRatios(v.label(), anchor));
            if (!c.checked()) {
                continue; // fewer than two interleaved forks: the answer has no error over forks to add
            }
            compared++;
            least = Math.min(least, c.detectableFactor());
            most = Math.max(most, c.detectableFactor());
            if (c.agrees()) {
                continue;
            }
            differ.add(v.name());
            warnings.add(new Warning(Warning.Kind.INTERLEAVED_DIFFERS, "JDK " + q.jdk() + " " + q.question(), String.format(Locale.ROOT,
                    "the solo rounds of %s and %s disagree with the answer: %.1f times as far from it as the check's 95%% "
                    + "interval allows here.", v.name(), q.detail(anchor).name(), c.timesAllowed()),
                    BELIEVE + " Run the pair alone (./jab run SELECTOR -p ...) to see whether the difference stays.", c.timesAllowed()));
        }
        if (compared == 0) {
            return "not compared: the answers have fewer than two interleaved forks" + left;
        }
        String how = String.format(Locale.ROOT, "%d rounds of one JVM per variant, back to back, their spread pooled over %d "
                + "variant%s%s", paired, perVariant.size(), perVariant.size() == 1 ? "" : "s", against);
        String smallest = ForkInterval.percent(least);
        String largest = ForkInterval.percent(most);  // "49% to 49%" where the two differ past the digits shown
        String power = String.format(Locale.ROOT, "; the check finds a difference of %s between a variant's solo and interleaved "
                + "figures 4 times in 5 (%.0f%% power)", smallest.equals(largest) ? largest : smallest + " to " + largest,
                SoloCheck.POWER * 100);
        if (differ.isEmpty()) {
            return String.format(Locale.ROOT, "the solo forks (%s) agree with the answers for %s%s%s", how,
                    compared == 1 ? "the one variant compared" : "all " + compared + " variants compared", power, left);
        }
        return String.format(Locale.ROOT, "the solo forks (%s) agree with the answers for %d of %d variants; for %s they disagree "
                + "(solo and interleaved apart by more than the check's 95%% interval): %s%s%s", how, compared - differ.size(), compared,
                String.join(", ", differ), BELIEVE, power, left);
    }

    /**
     * Which figure to believe where the solo forks and the interleaved forks disagree, and why: the
     * check found more than the rounds' spread, so the difference is likely the JIT's, not the machine's.
     */
    static final String BELIEVE = "believe the answer above for the difference between the variants (its forks measured both at "
            + "the same moments, fork after fork), not the solo forks (one JVM each, one after another, on a machine whose speed "
            + "moves); a program running one variant alone may still see the solo forks' difference (the JIT compiles shared code "
            + "for all variants in an interleaved fork: profile pollution)";

    /**
     * How far a solo fork's mean may sit above its settled level and still be used: half the default
     * band. A fork whose times fall by d over its iterations has a mean about d/2 above where it
     * settles; under 1.5% that is below any difference the solo check can find (its power: 4% and
     * more), so such a fork checks as well as a settled one. Without this floor a significant but
     * small fall excluded most questions (2026-11-29: 6 to 8 of 11 questions' solo checks "not
     * compared", a reference falling by 2.4% among them).
     */
    static final double SETTLED_WITHIN = 0.015;

    /**
     * Whether a solo fork's time per operation still falls enough to move its mean, so it had not
     * warmed up: its iterations trend down ({@link Trend}, one-sided at 5%: warm-up only ever makes a
     * fork faster) by more than twice {@link #SETTLED_WITHIN}, or its first iteration is slower than
     * every later one by more than the later ones' own range and lifts the fork's mean by more than
     * {@link #SETTLED_WITHIN} (a fork that settles within its first iteration: 50,007 ns, then 2,039 to
     * 2,640). Its fork mean would otherwise hold the cold iterations (a JRuby fork: 14,492 and 14,644
     * ns before 564 to 606).
     */
    static boolean warmingUp(List<double[]> forks, boolean higherIsBetter) {
        List<double[]> times = forks.stream().map(f -> java.util.Arrays.stream(f).map(x -> higherIsBetter ? 1 / x : x).toArray()).toList();
        Trend t = Trend.of(times);
        if (t.drift() < -2 * SETTLED_WITHIN && t.pValue() / 2 < 0.05) {
            return true;
        }
        for (double[] f : times) {
            if (f.length >= 3) {
                double[] later = java.util.Arrays.copyOfRange(f, 1, f.length);
                double max = java.util.Arrays.stream(later).max().orElseThrow();
                double min = java.util.Arrays.stream(later).min().orElseThrow();
                double settled = java.util.Arrays.stream(later).average().orElseThrow();
                if (f[0] > max + (max - min) && (f[0] - settled) / settled / f.length > SETTLED_WITHIN) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A variant's solo forks, one per round it ran in. */
    private static List<double[]> forksOf(List<SoloRounds.Round> rounds, String label) {
        return rounds.stream().flatMap(r -> r.of(label).stream()).toList();
    }

    /**
     * The solo forks' mean log scores as {@link SoloCheck.Pooled} takes them: a row for the reference and
     * each variant that ran in every round the reference did, a column per such round.
     */
    private static double[][] logMeans(List<SoloRounds.Round> rounds, String reference, java.util.Collection<Comparisons.Variant> variants) {
        List<SoloRounds.Round> withReference = rounds.stream().filter(r -> r.of(reference).isPresent()).toList();
        List<String> rows = new ArrayList<>(List.of(reference));
        variants.stream().map(Comparisons.Variant::label).filter(l -> withReference.stream().allMatch(r -> r.of(l).isPresent()))
                .forEach(rows::add);
        return rows.stream().map(l -> withReference.stream().mapToDouble(r -> meanLog(r.of(l).get())).toArray())
                .toArray(double[][]::new);
    }

    /**
     * Per round where both ran, log(solo a / solo b): the difference of the two forks' mean log
     * iterations, as the interleaved forks' ratio is a mean of log-ratios.
     */
    static double[] roundLogRatios(List<SoloRounds.Round> rounds, String a, String b) {
        return rounds.stream().filter(r -> r.of(a).isPresent() && r.of(b).isPresent())
                .mapToDouble(r -> meanLog(r.of(a).get()) - meanLog(r.of(b).get())).filter(Double::isFinite).toArray();
    }

    private static double meanLog(double[] xs) {
        return java.util.Arrays.stream(xs).map(Math::log).average().orElse(Double.NaN);
    }

    /**
     * What a ratio and its interval are, in one line beside the answers: the estimator (JMH's users read
     * ratios of arithmetic means), the interval's kind, what it varies over and what its error rate is
     * per: empty without a question answered over forks.
     */
    public static String howToRead(RunResults run) {
        return howToRead(run.document(Comparisons.NAME, Comparisons.class).map(Comparisons::questions).orElse(List.of()));
    }

    static String howToRead(List<Comparisons.Asked> qs) {
        if (qs.stream().noneMatch(q -> q.ratios().stream().anyMatch(r -> "forks".equals(r.intervalOver())))) {
            return "";
        }
        boolean sequential = qs.stream().anyMatch(q -> q.design().sequential());
        return "Each ratio is a geometric mean: per fork, the mean log-ratio of the two variants' slices in each round; over "
                + "forks, their mean (a ratio of geometric means, not of JMH's arithmetic means). "
                + (sequential ? "Its 95% interval over forks is a repeated confidence interval: it holds at every fork the run "
                        + "looked at, so whichever fork the run stopped at, each wrong verdict has a chance of 2.5% at most"
                        : "Its 95% interval is Student's t over the fork means, so each wrong verdict has a chance of 2.5% at most")
                + "; per comparison, not per run: the pairs that do not involve the question's reference are exploratory "
                + "(docs/statistics.md)";
    }

    /**
     * How decisive the run was, in one line: how many of its comparisons (every pair of each question's
     * variants, as comparisons.json holds them) are answered, by a verdict or by an interval within the
     * band's width of the ratio (as {@code jab run} spends its forks), and in which questions the open
     * ones are, and what would give them more forks: the fork limit stops a question run alone with
     * time left (a noisy host's forks of File.exists against Files.exists reached it at 174 s of 224 s),
     * where a longer budget alone would not help.
     */
    public static String tally(RunResults run) {
        return run.document(Comparisons.NAME, Comparisons.class)
                .map(doc -> tally(doc, run.record().request().ratioPrecision(), run.record().request().maxForks())).orElse("");
    }

    static String tally(Comparisons doc, double ratioPrecision, int maxForks) {
        if (doc.questions().stream().allMatch(q -> q.ratios().isEmpty())) {
            return "";
        }
        double width = Comparisons.answeredWidth(doc.band(), ratioPrecision);
        int all = 0;
        int atLimit = 0;
        IntSummaryStatistics limits = new IntSummaryStatistics();
        Map<String, Integer> verdicts = new LinkedHashMap<>();
        Map<String, Integer> open = new LinkedHashMap<>();
        for (Comparisons.Asked q : doc.questions()) {
            for (Comparisons.Ratio r : q.ratios()) {
                all++;
                if (!RatioVerdict.UNDECIDED.words.equals(r.verdict())) {
                    verdicts.merge(r.verdict(), 1, Integer::sum);
                } else if (r.open(width)) {
                    open.merge(q.question() + ", JDK " + q.jdk(), 1, Integer::sum);
                    int limit = forkLimit(q, maxForks);
                    if (limit > 0 && r.forks() >= limit) {
                        atLimit++;
                        limits.accept(limit);
                    }
                }
            }
        }
        int undecided = open.values().stream().mapToInt(Integer::intValue).sum();
        int decided = verdicts.values().stream().mapToInt(Integer::intValue).sum();
        List<String> kinds = new ArrayList<>();
        for (RatioVerdict v : List.of(RatioVerdict.SLOWER, RatioVerdict.FASTER, RatioVerdict.SAME)) {
            kinds.add(verdicts.getOrDefault(v.words, 0) + " " + v.words);
        }
        String answered = String.format(Locale.ROOT, "%d of %d comparisons (every pair of each question's variants) answered: %d "
                + "verdict%s (%s), and %d undecided whose 95%% interval is within ±%s of the ratio (a ratio that close to the band's "
                + "edge is answered by its width)", all - undecided, all, decided, decided == 1 ? "" : "s", String.join(", ", kinds),
                all - undecided - decided, ForkInterval.percent(width));
        if (open.isEmpty()) {
            return answered;
        }
        List<String> where = new ArrayList<>();
        open.forEach((question, n) -> where.add(question + " (" + n + ")"));
        String more = atLimit == 0 ? "A question run alone with a longer budget gets the forks they need (./jab run SELECTOR --budget 10m)"
                : String.format(Locale.ROOT, "%s at the fork limit (%s forks): -f N runs N forks from the start, and a question run alone gets them "
                        + "(./jab run SELECTOR -f %d --budget 10m)", atLimit == undecided ? "All of them are" : atLimit + " of them are",
                        limits.getMin() == limits.getMax() ? limits.getMax() : limits.getMin() + "-" + limits.getMax(), 2 * limits.getMax());
        return answered + "; open: " + String.join("; ", where) + ". " + more;
    }

    /**
     * The forks a question's comparisons stop at: its design's last look where it has one (a run that
     * planned its forks by the clock takes more than the run's -f), the run's fork limit otherwise.
     */
    private static int forkLimit(Comparisons.Asked q, int maxForks) {
        return q.design().maxForks() > 0 ? Math.max(q.design().maxForks(), maxForks) : maxForks;
    }

    /** The run's equivalence band as "3%". */
    static String bandPercent(RunResults run) {
        double band = run.document(Comparisons.NAME, Comparisons.class).map(Comparisons::band).orElse(RatioVerdict.DEFAULT_BAND);
        return ForkInterval.percent(band);
    }

    /** Every warning of the answers: interleaved scores that differ from solo ones. */
    public static List<Warning> warnings(RunResults run) {
        return of(run).stream().flatMap(a -> a.warnings().stream()).toList();
    }
}
