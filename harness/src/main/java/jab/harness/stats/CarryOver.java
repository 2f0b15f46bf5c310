package jab.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.stream.IntStream;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * First-order carry-over in a question's interleaved forks: how much a slice's score depends on the
 * variant that ran just before it in the same round (GC debt, a cold cache or dirty pages it left
 * behind). The forks' orders are the rows of a crossover trial (a Williams design: each variant follows
 * each other equally often), so the estimate is that design's own model, fitted by least squares to
 * log(score):
 *
 * <pre>log score = round + position + variant-in-its-fork + carry(variant before it in the round) + noise</pre>
 *
 * The round's effect holds the machine's speed at that moment (a round lasts 100 ms at most), the
 * position's what the slot does (the first slice of a round follows no slice of it), the variant's
 * effect in each fork that fork's JIT decisions. Carry-over that every variant leaves alike cancels in
 * every ratio, so what is estimated is each variant's carry against the others':
 * carry(p) - mean of carry(q) over the other variants q, with a t interval from the residuals. The
 * intervals are 95% for all of a question's variants at once (Bonferroni: each at 1 - 5%/variants),
 * since a question of 8 variants asks 8 times. Slices a pause hit (2-3x their neighbours) would
 * bill the variant before them for it, so they are left out: those whose residual in a first fit lies
 * beyond Tukey's far-out fences (3 IQR, the rule of {@link Outliers}); normal noise has none there.
 * A round's effect is removed by centring each round on its mean, which least squares with a parameter
 * per round does too (the Frisch-Waugh-Lovell theorem), so the fit has a few dozen parameters, not one
 * per round.
 *
 * <p>Two variants give no estimate (in AB/BA orders carry-over is aliased with the variants' own
 * effects); nor does a question whose rounds never put a variant after another.
 */
public final class CarryOver {
    /** A pivot this much smaller than its column's own square sum: the column is a combination of others. */
    private static final double SINGULAR = 1e-9;

    private CarryOver() {
    }

    /** One slice: the variant that ran and its score (any positive unit: only ratios matter). */
    public record Slice(String variant, double score) {
    }

    /**
     * The carry-over of one variant onto the slice after it.
     *
     * @param variant the variant that ran first
     * @param log     log(score after it / score after another variant), the others averaged
     * @param low     the interval's lower end (95% for all of the question's variants at once), on the same log scale
     * @param high    its upper end
     * @param slices  slices that ran right after it
     */
    public record Effect(String variant, double log, double low, double high, int slices) {
        /** The effect as a relative change: 0.05 when slices after it score 5% higher. */
        public double relative() {
            return Math.expm1(log);
        }

        /** Whether the interval leaves out "no carry-over". */
        public boolean significant() {
            return low > 0 || high < 0;
        }
    }

    /**
     * The effects per variant that ran before another, from each fork's rounds (slices in the order
     * they ran); empty when the rounds cannot tell carry-over from the variants' own effects. Rounds
     * with a score that is not positive and finite are left out.
     */
    public static Optional<List<Effect>> of(List<List<List<Slice>>> forks) {
        Columns cols = new Columns(forks);
        if (cols.carried.size() < 3) {
            return Optional.empty();
        }
        List<Round> rounds = new ArrayList<>();
        for (int f = 0; f < forks.size(); f++) {
            for (List<Slice> round : forks.get(f)) {
                if (round.size() < 2 || !round.stream().allMatch(s -> s.score() > 0 && Double.isFinite(s.score()))) {
                    continue;
                }
                double[][] x = new double[round.size()][];
                double[] y = new double[round.size()];
                for (int k = 0; k < round.size(); k++) {
                    x[k] = cols.row(f, round, k);
                    y[k] = Math.log(round.get(k).score());
                }
                rounds.add(new Round(x, y));
            }
        }
        // a slice a pause hit (GC, another process: 2-3x its neighbours) would bill its predecessor for it
        Fit all = Fit.of(rounds, cols.size(), (r, s) -> true);
        Fit fit = all == null ? null : Fit.of(rounds, cols.size(), all.withinFences());
        if (fit == null) {
            return Optional.empty();
        }
        List<String> carried = new ArrayList<>(cols.carried.keySet());
        double t = TDistribution.of(fit.df).inverseCumulativeProbability(1 - 0.025 / carried.size());
        List<Effect> out = new ArrayList<>();
        for (String v : carried) {
            double[] c = new double[cols.size()];
            for (String other : carried) {
                int col = cols.carried.get(other);
                if (col >= 0) {
                    c[col] += other.equals(v) ? 1 : -1.0 / (carried.size() - 1);
                }
            }
            double est = dot(c, fit.beta);
            double se = Math.sqrt(fit.sigma2 * dot(c, solve(fit.chol, c)));
            out.add(new Effect(v, est, est - t * se, est + t * se, cols.after.getOrDefault(v, 0)));
        }
        return Optional.of(out);
    }

    /** One round's design rows and log scores, in the order its slices ran. */
    private record Round(double[][] x, double[] y) {
    }

    /** A least-squares fit of the kept slices, with each slice's residual (NaN where left out). */
    private static final class Fit {
        final double[] beta;
        final double[][] chol;
        final double sigma2;
        final int df;
        final List<double[]> residuals;

        private Fit(double[] beta, double[][] chol, double sigma2, int df, List<double[]> residuals) {
            this.beta = beta;
            this.chol = chol;
            this.sigma2 = sigma2;
            this.df = df;
            this.residuals = residuals;
        }

        /** Null when the kept slices cannot tell the effects apart. */
        static Fit of(List<Round> rounds, int p, BiPredicate<Integer, Integer> keep) {
            double[][] xtx = new double[p][p];
            double[] xty = new double[p];
            double yty = 0;
            int n = 0;
            int used = 0;
            List<double[][]> xs = new ArrayList<>();
            List<double[]> ys = new ArrayList<>();
            for (int r = 0; r < rounds.size(); r++) {
                int round0 = r;
                Round round = rounds.get(r);
                int[] kept = IntStream.range(0, round.y().length).filter(s -> keep.test(round0, s)).toArray();
                double[][] x = new double[kept.length][];
                double[] y = new double[kept.length];
                for (int i = 0; i < kept.length; i++) {
                    x[i] = round.x()[kept[i]].clone();
                    y[i] = round.y()[kept[i]];
                }
                xs.add(x);
                ys.add(y);
                if (kept.length < 2) {
                    continue;
                }
                int[] active = centre(x, y);
                for (int s = 0; s < y.length; s++) {
                    for (int i : active) {
                        xty[i] += x[s][i] * y[s];
                        for (int j : active) {
                            xtx[i][j] += x[s][i] * x[s][j];
                        }
                    }
                    yty += y[s] * y[s];
                }
                n += y.length;
                used++;
            }
            int df = n - used - p;
            double[][] chol = cholesky(xtx);
            if (chol == null || df < 1) {
                return null;
            }
            double[] beta = solve(chol, xty);
            double rss = yty;
            for (int i = 0; i < p; i++) {
                rss -= beta[i] * xty[i];
            }
            List<double[]> residuals = new ArrayList<>();
            for (int r = 0; r < rounds.size(); r++) {
                double[] res = new double[rounds.get(r).y().length];
                Arrays.fill(res, Double.NaN);
                double[][] x = xs.get(r);
                double[] y = ys.get(r);
                if (y.length >= 2) {
                    for (int s = 0, i = 0; s < res.length; s++) {
                        if (keep.test(r, s)) {
                            res[s] = y[i] - dot(x[i], beta);
                            i++;
                        }
                    }
                }
                residuals.add(res);
            }
            return new Fit(beta, chol, Math.max(rss, 0) / df, df, residuals);
        }

        /** The slices whose residuals lie within Tukey's far-out fences (3 IQR), the rule of {@link Outliers}. */
        BiPredicate<Integer, Integer> withinFences() {
            double[] all = residuals.stream().flatMapToDouble(Arrays::stream).filter(Double::isFinite).toArray();
            double q1 = Stats.percentile(all, 25);
            double q3 = Stats.percentile(all, 75);
            if (!(q3 > q1)) {
                return (r, s) -> true; // residuals of rounding alone: no fences to draw
            }
            double low = q1 - 3 * (q3 - q1);
            double high = q3 + 3 * (q3 - q1);
            return (r, s) -> residuals.get(r)[s] >= low && residuals.get(r)[s] <= high;
        }
    }

    /**
     * Each round minus its mean, column by column: what a parameter per round leaves to the others. The
     * columns the round sets (a few per slice), which are the only ones centring leaves non-zero.
     */
    private static int[] centre(double[][] x, double[] y) {
        int[] active = IntStream.range(0, x[0].length)
                .filter(i -> Arrays.stream(x).anyMatch(row -> row[i] != 0)).toArray();
        for (int i : active) {
            double m = 0;
            for (double[] row : x) {
                m += row[i];
            }
            m /= x.length;
            for (double[] row : x) {
                row[i] -= m;
            }
        }
        double m = Stats.mean(y);
        for (int k = 0; k < y.length; k++) {
            y[k] -= m;
        }
        return active;
    }

    /**
     * The design's columns, each effect against a baseline the round's mean already holds: positions
     * after the first, each fork's variants after its first, the carry of every variant that ran before
     * another but the first such (its column is -1: it is the baseline the others' columns are measured from).
     */
    private static final class Columns {
        final Map<Integer, Integer> position = new LinkedHashMap<>();
        final List<Map<String, Integer>> variantInFork = new ArrayList<>();
        final Map<String, Integer> carried = new LinkedHashMap<>();
        final Map<String, Integer> after = new LinkedHashMap<>();
        private int size;

        Columns(List<List<List<Slice>>> forks) {
            int longest = 0;
            Set<String> before = new LinkedHashSet<>();
            for (List<List<Slice>> fork : forks) {
                Set<String> here = new LinkedHashSet<>();
                for (List<Slice> round : fork) {
                    longest = Math.max(longest, round.size());
                    for (int k = 0; k < round.size(); k++) {
                        here.add(round.get(k).variant());
                        if (k + 1 < round.size()) {
                            before.add(round.get(k).variant());
                            after.merge(round.get(k).variant(), 1, Integer::sum);
                        }
                    }
                }
                Map<String, Integer> cols = new LinkedHashMap<>();
                int i = 0;
                for (String v : here) {
                    cols.put(v, i++ == 0 ? -1 : size++);
                }
                variantInFork.add(cols);
            }
            for (int k = 1; k < longest; k++) {
                position.put(k, size++);
            }
            int i = 0;
            for (String v : before) {
                carried.put(v, i++ == 0 ? -1 : size++);
            }
        }

        int size() {
            return size;
        }

        double[] row(int fork, List<Slice> round, int k) {
            double[] x = new double[size];
            set(x, position.getOrDefault(k, -1));
            set(x, variantInFork.get(fork).get(round.get(k).variant()));
            if (k > 0) {
                set(x, carried.get(round.get(k - 1).variant()));
            }
            return x;
        }

        private static void set(double[] x, int col) {
            if (col >= 0) {
                x[col] = 1;
            }
        }
    }

    /** The lower triangle L of a = L L^T; null when a column is (numerically) a combination of the others. */
    private static double[][] cholesky(double[][] a) {
        int p = a.length;
        double[][] l = new double[p][p];
        for (int j = 0; j < p; j++) {
            double d = a[j][j];
            for (int k = 0; k < j; k++) {
                d -= l[j][k] * l[j][k];
            }
            if (!(d > SINGULAR * Math.max(a[j][j], 1e-300))) {
                return null;
            }
            l[j][j] = Math.sqrt(d);
            for (int i = j + 1; i < p; i++) {
                double s = a[i][j];
                for (int k = 0; k < j; k++) {
                    s -= l[i][k] * l[j][k];
                }
                l[i][j] = s / l[j][j];
            }
        }
        return l;
    }

    /** x with L L^T x = b. */
    private static double[] solve(double[][] l, double[] b) {
        int p = b.length;
        double[] z = new double[p];
        for (int i = 0; i < p; i++) {
            double s = b[i];
            for (int k = 0; k < i; k++) {
                s -= l[i][k] * z[k];
            }
            z[i] = s / l[i][i];
        }
        double[] x = new double[p];
        for (int i = p - 1; i >= 0; i--) {
            double s = z[i];
            for (int k = i + 1; k < p; k++) {
                s -= l[k][i] * x[k];
            }
            x[i] = s / l[i][i];
        }
        return x;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
