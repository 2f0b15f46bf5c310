package jab.harness.history;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import jab.harness.results.Comparisons;
import jab.harness.results.RunResults;

/**
 * Item 5 of issue 56, replayed: how often {@code jab history changes} raises a change point where the
 * code did not change, and the smallest step it finds 95% of the time. Runs of the same code are drawn
 * from real runs on record: each replayed run takes each question's forks from a recorded run with
 * replacement (as many as it had) and draws its ratios with jab's own code ({@link Comparisons.Asked#withRatios}),
 * so the noise is the forks' own, heavy tails included. A planted step multiplies the question's
 * reference variant's slices by 1 + s from the 16th of 30 runs on, as a slower reference would.
 * Not a test (it asserts nothing); docs/history.md gives the command and its output.
 *
 * <pre>java -cp harness/target/test-classes:harness/target/classes:$(cat cp.txt) jab.harness.history.AlarmReplay RUN...</pre>
 */
public final class AlarmReplay {
    static final int RUNS = 30;
    static final int STEP_AT = 15;

    public static void main(String[] args) throws Exception {
        List<Comparisons> sources = new ArrayList<>();
        for (String a : args) {
            sources.add(RunResults.read(Path.of(a)).document(Comparisons.NAME, Comparisons.class).orElseThrow());
        }
        int histories = Integer.getInteger("histories", 100);
        SplittableRandom rnd = new SplittableRandom(Long.getLong("seed", 56));
        for (double p : new double[] {0.001, 0.0001}) {
            falseAlarms(sources, histories, p, rnd.split());
            gaussian(2000, p, rnd.split());
        }
        double[] steps = {0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.10, 0.15, 0.20};
        Map<String, double[]> found = new LinkedHashMap<>(); // per question, the share found at each step
        for (int i = 0; i < steps.length; i++) {
            Map<String, int[]> tally = planted(sources, Math.max(20, histories / 2), ChangeFinder.DEFAULT_P, steps[i], rnd.split());
            int hit = tally.values().stream().mapToInt(t -> t[0]).sum();
            int all = tally.values().stream().mapToInt(t -> t[1]).sum();
            System.out.printf(Locale.ROOT, "step %.1f%% planted at run %d of %d (the reference variant slower), p <= %s: found at it "
                    + "(within a run) in %d of %d answer series (%.1f%%)%n", steps[i] * 100, STEP_AT + 1, RUNS, ChangeFinder.DEFAULT_P,
                    hit, all, 100.0 * hit / all);
            final int at = i;
            tally.forEach((q, t) -> found.computeIfAbsent(q, k -> new double[steps.length])[at] = (double) t[0] / t[1]);
        }
        System.out.println("smallest step found at 95% or more, per question:");
        found.forEach((q, shares) -> {
            String smallest = "none up to 20%";
            for (int i = 0; i < steps.length; i++) {
                if (shares[i] >= 0.95) {
                    smallest = String.format(Locale.ROOT, "%.1f%%", steps[i] * 100);
                    break;
                }
            }
            System.out.printf(Locale.ROOT, "    %-14s %s%n", smallest, q);
        });
    }

    /**
     * The t-test alone: series of 30 Gaussian points whose own intervals say nothing (no floor), as when
     * runs vary far more than their intervals over forks.
     */
    private static void gaussian(int series, double p, SplittableRandom rnd) {
        int with = 0;
        for (int i = 0; i < series; i++) {
            double[] x = new double[RUNS];
            for (int j = 0; j < RUNS; j++) {
                x[j] = gauss(rnd);
            }
            with += new EDivisive(p).changePoints(x, new double[RUNS]).isEmpty() ? 0 : 1;
        }
        System.out.printf(Locale.ROOT, "p <= %s, Gaussian series of %d points without intervals: %d of %d with a change point (%.2f%%)%n",
                p, RUNS, with, series, 100.0 * with / series);
    }

    private static double gauss(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    private static void falseAlarms(List<Comparisons> sources, int histories, double p, SplittableRandom rnd) {
        ChangeFinder finder = new ChangeFinder(p, 0);
        long series = 0;
        long changes = 0;
        int historiesWithOne = 0;
        for (int h = 0; h < histories; h++) {
            Comparisons source = sources.get(h % sources.size());
            List<HistoryStore.Series> ss = history(source, 1, rnd, false);
            int found = finder.changes(ss).size();
            series += ss.size();
            changes += found;
            historiesWithOne += found > 0 ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "p <= %s: %d histories of %d runs of the same code, %d series: %d change points (%.2f%% of series; "
                        + "%.2f per history of %d series); %d of %d histories with at least one%n", p, histories, RUNS, series, changes,
                100.0 * changes / series, (double) changes / histories, series / histories, historiesWithOne, histories);
    }

    /** Per question: in how many answer series the planted step was found at it, of how many. */
    private static Map<String, int[]> planted(List<Comparisons> sources, int histories, double p, double step, SplittableRandom rnd) {
        ChangeFinder finder = new ChangeFinder(p, 0);
        Map<String, int[]> byQuestion = new LinkedHashMap<>(); // found, planted
        for (int h = 0; h < histories; h++) {
            Comparisons source = sources.get(h % sources.size());
            for (HistoryStore.Series s : history(source, 1 + step, rnd, true)) {
                // the reference slower: a ratio of times a / reference falls, of throughputs rises
                boolean found = finder.changes(s).stream().anyMatch(c -> Math.abs(Integer.parseInt(c.commit(), 16) - STEP_AT) <= 1 && (c.step() < 1) != s.higherIsBetter());
                int[] tally = byQuestion.computeIfAbsent(s.question(), q -> new int[2]);
                tally[0] += found ? 1 : 0;
                tally[1]++;
            }
        }
        return byQuestion;
    }

    /**
     * The series of a history of {@link #RUNS} replayed runs; with {@code answersOnly}, only each question's
     * answers; from run {@link #STEP_AT} on each reference variant's slices are multiplied by {@code factor}.
     */
    static List<HistoryStore.Series> history(Comparisons source, double factor, SplittableRandom rnd, boolean answersOnly) {
        Map<String, List<HistoryStore.Point>> points = new LinkedHashMap<>();
        Map<String, Comparisons.Ratio> first = new LinkedHashMap<>();
        Map<String, Comparisons.Asked> asked = new LinkedHashMap<>();
        for (int run = 0; run < RUNS; run++) {
            String commit = String.format("%02x", run);
            for (Comparisons.Asked q : source.questions()) {
                if (q.forks().size() < 2) {
                    continue;
                }
                Comparisons.Asked replayed = resample(q, run >= STEP_AT ? factor : 1, rnd).withRatios(source.band());
                for (Comparisons.Ratio r : answersOnly ? replayed.answers() : replayed.ratios()) {
                    if (!(Double.isFinite(r.ratio()) && r.ratio() > 0)) {
                        continue; // forks added for some variants only, drawn without the pair: no ratio, as jab history keeps none
                    }
                    String key = q.question() + q.fixed() + q.jdk() + r.a() + "/" + r.b();
                    first.putIfAbsent(key, r);
                    asked.putIfAbsent(key, q);
                    points.computeIfAbsent(key, k -> new ArrayList<>()).add(new HistoryStore.Point(commit, commit,
                            String.format("2026-10-%02d", run + 1), "", r.ratio(), r.low(), r.high(), r.forks(), r.verdict()));
                }
            }
        }
        List<HistoryStore.Series> out = new ArrayList<>();
        points.forEach((k, ps) -> {
            Comparisons.Ratio r = first.get(k);
            Comparisons.Asked q = asked.get(k);
            out.add(new HistoryStore.Series(q.question(), q.fixed().toString(), q.jdk(), r.a(), r.b(), r.a(), r.b(), q.family(),
                    r.b().equals(q.reference()), q.higherIsBetter(), "replay", "replay", ps));
        });
        return out;
    }

    /** As many forks as the question had, drawn with replacement; the reference's slices times {@code factor}. */
    private static Comparisons.Asked resample(Comparisons.Asked q, double factor, SplittableRandom rnd) {
        List<Comparisons.Fork> forks = new ArrayList<>();
        for (int i = 0; i < q.forks().size(); i++) {
            Comparisons.Fork f = q.forks().get(rnd.nextInt(q.forks().size()));
            if (factor != 1) {
                List<Comparisons.Round> rounds = new ArrayList<>();
                for (Comparisons.Round r : f.rounds()) {
                    List<Double> scores = new ArrayList<>();
                    for (int v = 0; v < r.order().size(); v++) {
                        boolean ref = r.order().get(v).equals(q.reference());
                        // a slower reference: more time per operation, or fewer operations per time
                        scores.add(ref ? (q.higherIsBetter() ? r.scores().get(v) / factor : r.scores().get(v) * factor) : r.scores().get(v));
                    }
                    rounds.add(new Comparisons.Round(r.order(), scores));
                }
                f = new Comparisons.Fork(f.seed(), rounds);
            }
            forks.add(f);
        }
        return new Comparisons.Asked(q.question(), q.family(), q.jdk(), q.fixed(), q.variants(), q.reference(), q.details(), q.higherIsBetter(),
                q.notInterleaved(), q.slices(), forks, List.of(), q.design());
    }
}
