package jab.harness.warnings;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.stats.ForkInterval;
import jab.harness.stats.ForkSpread;
import jab.harness.stats.Outliers;
import jab.harness.stats.Trend;
import jab.harness.results.Units;

/**
 * The checks jab makes on each result's raw data. Each rule is strict enough that clean data (forks
 * that agree, iterations that scatter around a level) raises nothing, because a warning that fires
 * on every result is read by nobody.
 */
public final class ResultChecks {
    /** Forks whose means differ by less than this are not called a disagreement, however significant. */
    static final double FORK_RANGE = 0.10;
    /** The ANOVA must also rule out that iteration noise alone made the range. */
    static final double FORK_ALPHA = 0.001;
    /** A drift through the measured iterations smaller than this is not reported. */
    static final double DRIFT = 0.05;
    static final double DRIFT_ALPHA = 0.001;
    /** Fewer operations per iteration than this: timer and per-iteration costs weigh in. */
    static final double MIN_OPERATIONS = 50;
    /** The outliers must move the mean by at least this to be worth a line. */
    static final double OUTLIER_SHIFT = 0.01;

    /**
     * What the checks need to know beyond the data.
     *
     * @param cpus      CPUs of the machine; 0 when unknown
     * @param precision the run's precision target (0.05 for 5%); 0 when the run had none
     */
    public record Context(int cpus, double precision) {
        public static final Context NONE = new Context(0, 0);
    }

    private ResultChecks() {
    }

    public static List<Warning> of(BenchResult r, String subject, Context ctx) {
        List<Warning> out = new ArrayList<>();
        forks(r, subject, out);
        trend(r, subject, out);
        outliers(r, subject, out);
        operations(r, subject, out);
        if (ctx.cpus() > 0 && r.threads() > ctx.cpus()) {
            out.add(new Warning(Warning.Kind.OVERSUBSCRIBED, subject,
                    r.threads() + " threads on " + ctx.cpus() + " CPUs: the figure includes the scheduler's time slicing.",
                    "read it as an oversubscription figure, or run at most " + ctx.cpus() + " threads (-t).",
                    (double) r.threads() / ctx.cpus()));
        }
        ForkInterval fi = ForkInterval.of(r.rawData());
        if (ctx.precision() > 0 && fi.hasInterval() && fi.relative() > ctx.precision()) {
            out.add(new Warning(Warning.Kind.PRECISION_MISSED, subject,
                    String.format(Locale.ROOT, "its 95%% interval is ±%s over %d fork(s), wider than the target ±%s.",
                            ForkInterval.percent(fi.relative()), fi.forks(), ForkInterval.percent(ctx.precision())),
                    "give the run more time (--budget) or forks, or treat differences below that width as noise.", fi.relative()));
        }
        return out;
    }

    private static void forks(BenchResult r, String subject, List<Warning> out) {
        ForkSpread s = ForkSpread.of(r.rawData());
        if (s.forks() < 2 || !(s.ratio() - 1 >= FORK_RANGE) || s.pValue() >= FORK_ALPHA) {
            return;
        }
        String shape = s.bimodal()
                ? String.format(Locale.ROOT, "bimodal across forks: %d fork(s) near the low end and %d near the high end, ",
                        s.lowGroup(), s.forks() - s.lowGroup())
                : "";
        out.add(new Warning(Warning.Kind.FORKS_DISAGREE, subject,
                String.format(Locale.ROOT, "%sfork means from %s to %s %s (%.2fx apart, %d forks; ANOVA p %s).", shape,
                        num(s.low()), num(s.high()), r.unit(), s.ratio(), s.forks(), p(s.pValue())),
                "each JVM settles differently (JIT decisions, memory layout), or the machine changed between forks (a "
                        + "'shared cache' or 'busy machine' warning says so): trust jab's fork-level interval, not JMH's "
                        + "error, and add forks (--precision) before reading a difference smaller than the spread.", s.ratio()));
    }

    private static void trend(BenchResult r, String subject, List<Warning> out) {
        Trend t = Trend.of(r.rawData());
        if (Math.abs(t.drift()) < DRIFT || t.pValue() >= DRIFT_ALPHA) {
            return;
        }
        boolean improving = r.higherIsBetter() ? t.drift() > 0 : t.drift() < 0;
        String change = String.format(Locale.ROOT, "the measured iterations move by %+.0f%% from first to last (trend p %s).",
                t.drift() * 100, p(t.pValue()));
        if (improving) {
            out.add(new Warning(Warning.Kind.WARMUP_NOT_REACHED, subject, "still improving: " + change,
                    "give it more warm-up (more or longer warm-up iterations) before these figures count.", Math.abs(t.drift())));
        } else {
            out.add(new Warning(Warning.Kind.DRIFT, subject, "getting worse as the fork runs: " + change,
                    "look for what accumulates (heap growth, GC, files or caches filling): pin the heap, profile with gc.",
                    Math.abs(t.drift())));
        }
    }

    private static void outliers(BenchResult r, String subject, List<Warning> out) {
        Outliers o = Outliers.of(r.rawData());
        if (o.count() == 0 || Math.abs(o.meanShift()) < OUTLIER_SHIFT) {
            return;
        }
        out.add(new Warning(Warning.Kind.OUTLIERS, subject,
                String.format(Locale.ROOT, "%d iteration(s) in %d fork(s) lie outside %s; the farthest is %.2fx its fork's "
                        + "median, and they move the mean by %+.1f%%.", o.count(), o.forks(), Outliers.RULE, o.worst(),
                        o.meanShift() * 100),
                "read the median beside the mean, and look for the cause (a GC pause, another process) in the JMH log.",
                Math.abs(o.meanShift())));
    }

    private static void operations(BenchResult r, String subject, List<Warning> out) {
        double ops = operationsPerIteration(r);
        if (!(ops < MIN_OPERATIONS)) {
            return;
        }
        out.add(new Warning(Warning.Kind.FEW_OPERATIONS, subject,
                String.format(Locale.ROOT, "an iteration holds about %.0f operation(s), so timer and per-iteration costs weigh in.", ops),
                "use longer iterations, or single-shot mode with more iterations when one operation is long.", 1 / Math.max(ops, 1e-9)));
    }

    /** Operations in one measurement iteration, from the score and the iteration time; NaN when unknown. */
    static double operationsPerIteration(BenchResult r) {
        double secs = r.iterationSeconds();
        if (!(secs > 0)) {
            return Double.NaN;
        }
        if (Units.isTimePerOp(r.unit())) {
            double perOp = r.score() * Units.factor(r.unit(), "s/op");
            return perOp > 0 ? r.threads() * secs / perOp : Double.NaN;
        }
        return r.score() * Units.factor(r.unit(), "ops/s") * secs;
    }

    private static String num(double v) {
        return ResultTable.number(v);
    }

    static String p(double p) {
        return p < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "%.3f", p);
    }
}
