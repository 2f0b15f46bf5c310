package jab.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jab.harness.results.Comparisons;
import jab.harness.results.RunResults;
import jab.harness.stats.ForkInterval;
import jab.harness.stats.PairedRatio;
import jab.harness.stats.RatioVerdict;
import jab.harness.stats.SoloRatio;
import jab.harness.stats.Trend;
import jab.harness.warnings.RunWarnings;
import jab.harness.warnings.Warning;

/**
 * The answer to each question of a run (comparisons.json), in words: per question and JDK, each variant
 * against the reference with the ratio, its 95% interval over forks and the verdict ("Files.exists(p)
 * is 1.10x [1.08-1.12] faster than File.exists()"), then how each variant's interleaved score agrees
 * with its solo fork (plain JMH, the variant alone in its JVM).
 *
 * <p>Why the solo check: the variants of an interleaved fork share the JDK's code, and the JIT compiles
 * a shared method once with the profile all of them made (profile pollution), so a variant can be
 * compiled differently beside the others than alone. Where the solo forks' ratio lies outside the
 * interleaved ratio's prediction interval, the ratio may not be what a program running one variant sees.
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

    /** "Files.exists(p) is 1.10x [1.08-1.12] faster than File.exists() (5 forks, 20 rounds each)". */
    static String sentence(Comparisons.Asked q, Comparisons.Ratio r) {
        String a = q.detail(r.a()).name();
        String b = q.detail(r.b()).name();
        // cost of a over b: a's time over b's, or b's throughput over a's
        double cost = q.higherIsBetter() ? 1 / r.ratio() : r.ratio();
        double lo = q.higherIsBetter() ? 1 / r.high() : r.low();
        double hi = q.higherIsBetter() ? 1 / r.low() : r.high();
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
     * How the solo forks (jmh-&lt;jdk&gt;.json) agree with the interleaved ones, on each variant's ratio
     * to the reference ({@link SoloRatio}: the machine's speed moves between the solo and the interleaved
     * forks, and cancels in a ratio), in words that print no second ratio of the pair: where they
     * disagree, which figure to believe and why, and a warning. A solo fork whose iterations still
     * fall ({@link Trend}: a significant slope down, warm-up not reached) checks nothing and is left out,
     * said so.
     */
    static String solo(RunResults run, Comparisons.Asked q, List<Warning> warnings) {
        boolean smoke = run.record().request().profile().equals("smoke");
        Optional<List<double[]>> reference = soloFork(run, q, q.detail(q.reference()));
        if (reference.isEmpty()) {
            return "";
        }
        if (warmingUp(reference.get(), q.higherIsBetter())) {
            return "not compared: the solo fork of " + q.detail(q.reference()).name() + ", the reference, was still warming up "
                    + "(its iterations fall)";
        }
        int compared = 0;
        double widest = 0;
        List<String> warming = new ArrayList<>();
        List<String> differ = new ArrayList<>();
        for (Comparisons.Variant v : q.details()) {
            Optional<List<double[]>> alone = soloFork(run, q, v);
            if (v.label().equals(q.reference()) || alone.isEmpty()) {
                continue;
            }
            if (warmingUp(alone.get(), q.higherIsBetter())) {
                warming.add(v.name());
                continue;
            }
            SoloRatio r = SoloRatio.of(ForkInterval.forkMeans(alone.get()), ForkInterval.forkMeans(reference.get()),
                    q.sliceScores(v.label()), q.sliceScores(q.reference()), q.forkLogRatios(v.label(), q.reference()));
            if (Double.isNaN(r.allowed())) {
                continue;
            }
            compared++;
            widest = Math.max(widest, r.allowed());
            if (r.agrees()) {
                continue;
            }
            differ.add(v.name());
            if (!smoke) { // a smoke run's solo fork has barely warmed up: no warning on what it only proves runs
                warnings.add(new Warning(Warning.Kind.INTERLEAVED_DIFFERS, "JDK " + q.jdk() + " " + q.question(), String.format(Locale.ROOT,
                        "the solo forks of %s and %s disagree with the answer: %.1f times as far from it as one solo fork a side "
                        + "may stray here.", v.name(), q.detail(q.reference()).name(), Math.log(r.apart()) / Math.log1p(r.allowed())),
                        BELIEVE + " Run the pair alone (./jab run SELECTOR -p ...) to see whether the difference stays.",
                        Math.log(r.apart()) / Math.log1p(r.allowed())));
            }
        }
        String left = warming.isEmpty() ? "" : "; not compared, their solo forks still warming up (iterations falling): "
                + String.join(", ", warming);
        if (compared == 0) {
            return left.isEmpty() ? "" : left.substring(2);
        }
        if (differ.isEmpty()) {
            return String.format(Locale.ROOT, "the solo forks (one JVM per variant) agree with the answers for all %d variants "
                    + "compared (one solo fork a side sees only gross differences: up to %.2f times apart passes here)%s", compared,
                    1 + widest, left);
        }
        return String.format(Locale.ROOT, "the solo forks agree with the answers for %d of %d variants; for %s they disagree "
                + "beyond what one solo fork a side can stray: %s%s", compared - differ.size(), compared, String.join(", ", differ),
                BELIEVE, left);
    }

    /** Which figure to believe where a solo fork and the interleaved forks disagree, and why. */
    static final String BELIEVE = "believe the answer above for the difference between the variants (its forks measured both at "
            + "the same moments, fork after fork), not the solo forks (one JVM each, minutes apart, on a machine whose speed moves); "
            + "a program running one variant alone may still see its solo figure (the JIT compiles shared code for all "
            + "variants in an interleaved fork: profile pollution)";

    /**
     * Whether a solo fork's time per operation still falls, so it had not warmed up: its iterations
     * trend down ({@link Trend}, one-sided at 5%: warm-up only ever makes a fork faster), or its first
     * iteration is slower than every later one by more than the later ones' own range (a fork that
     * settles within its first iteration: 50,007 ns, then 2,039 to 2,640). Its fork mean would
     * otherwise hold the cold iterations (a JRuby fork: 14,492 and 14,644 ns before 564 to 606).
     */
    static boolean warmingUp(List<double[]> forks, boolean higherIsBetter) {
        List<double[]> times = forks.stream().map(f -> java.util.Arrays.stream(f).map(x -> higherIsBetter ? 1 / x : x).toArray()).toList();
        Trend t = Trend.of(times);
        if (t.drift() < 0 && t.pValue() / 2 < 0.05) {
            return true;
        }
        for (double[] f : times) {
            if (f.length >= 3) {
                double[] later = java.util.Arrays.copyOfRange(f, 1, f.length);
                double max = java.util.Arrays.stream(later).max().orElseThrow();
                double min = java.util.Arrays.stream(later).min().orElseThrow();
                if (f[0] > max + (max - min)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A variant's solo fork (its iterations), when the run has its solo result in the same unit. */
    private static Optional<List<double[]>> soloFork(RunResults run, Comparisons.Asked q, Comparisons.Variant v) {
        return run.jmh(q.jdk()).stream()
                .filter(r -> r.benchmark().equals(v.benchmark()) && r.params().equals(v.params()) && r.unit().equals(v.unit()))
                .findFirst().map(r -> r.rawData());
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
        Map<String, Integer> verdicts = new LinkedHashMap<>();
        Map<String, Integer> open = new LinkedHashMap<>();
        for (Comparisons.Asked q : doc.questions()) {
            for (Comparisons.Ratio r : q.ratios()) {
                all++;
                if (!RatioVerdict.UNDECIDED.words.equals(r.verdict())) {
                    verdicts.merge(r.verdict(), 1, Integer::sum);
                } else if (r.open(width)) {
                    open.merge(q.question() + ", JDK " + q.jdk(), 1, Integer::sum);
                    atLimit += maxForks > 0 && r.forks() >= maxForks ? 1 : 0;
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
                : String.format(Locale.ROOT, "%s at the fork limit (%d forks): -f N runs N forks from the start, and a question run alone gets them "
                        + "(./jab run SELECTOR -f %d --budget 10m)", atLimit == undecided ? "All of them are" : atLimit + " of them are",
                        maxForks, 2 * maxForks);
        return answered + "; open: " + String.join("; ", where) + ". " + more;
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
