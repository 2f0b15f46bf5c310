package jab.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.BinomialTest;

import jab.harness.results.Comparisons;
import jab.harness.stats.ClopperPearson;
import jab.harness.stats.RatioVerdict;

/**
 * What a calibration ({@code jab calibrate}) found, per planted true ratio: its ratios are of variants
 * built to differ by a known factor ({@code planted} in comparisons.json), so a sound 95% interval
 * covers the truth in about 95% of them, and a sound stop rule seldom gives a wrong verdict: faster or
 * slower at a true 1; at the band's edge "the same" or "slower" (the truth is neither within the band
 * nor beyond it); beyond the band "the same" or the wrong direction. Each rate comes with its exact
 * binomial 95% interval. Stopping a comparison's forks once a verdict is reached tests it again
 * after every fork, which is what could inflate the wrong verdicts: this counts them.
 *
 * <p>Every ratio is read as the dearer variant against the cheaper (a ratio whose truth is below 1 is
 * turned over, its verdict too), so "slower" is the right direction beyond the band.
 *
 * @param rows   one per true ratio, the smallest first
 * @param widths the questions the planted ratios came from, by their number of variants, the widest first
 * @param band   the equivalence band of the verdicts
 * @param forks  how many forks those questions measured, and how they were looked at: the error rates
 *               hold for that design, and a run whose questions get fewer forks gets other intervals
 */
public record Calibration(List<Row> rows, Map<Integer, Integer> widths, double band, Forks forks) {

    /**
     * The forks of the questions a calibration's planted ratios came from.
     *
     * @param fewest     the fewest forks a question measured
     * @param most       the most
     * @param sequential whether their intervals were looked at after several forks (the error spent over
     *                   the looks), not once after the last
     */
    public record Forks(int fewest, int most, boolean sequential) {
        static final Forks NONE = new Forks(0, 0, false);

        String words() {
            return (fewest == most ? fewest + " forks each" : fewest + " to " + most + " forks")
                    + (sequential ? ", looked at after each fork from the first ones, the error spent over the looks" : ", one look after them");
        }
    }

    public Calibration(List<Row> rows, Map<Integer, Integer> widths, double band) {
        this(rows, widths, band, Forks.NONE);
    }

    /**
     * The planted ratios of one true ratio with an interval over forks.
     *
     * @param truth    the true ratio, dearer over cheaper (1 for A/A)
     * @param ratios   how many
     * @param covered  those whose 95% interval holds the truth
     * @param verdicts how many came out of each verdict (the dearer's against the cheaper)
     */
    public record Row(double truth, int ratios, int covered, Map<String, Integer> verdicts) {
        public int count(RatioVerdict v) {
            return verdicts.getOrDefault(v.words, 0);
        }

        /** The verdicts that are wrong at this truth, the worse first. */
        public List<RatioVerdict> wrong(double band) {
            if (Math.abs(truth - 1) < 1e-9) {
                return List.of(RatioVerdict.FASTER, RatioVerdict.SLOWER);
            }
            if (Math.abs(truth - (1 + band)) < 1e-9) {
                return List.of(RatioVerdict.SAME, RatioVerdict.SLOWER, RatioVerdict.FASTER);
            }
            return truth < 1 + band ? List.of(RatioVerdict.FASTER, RatioVerdict.SLOWER) : List.of(RatioVerdict.SAME, RatioVerdict.FASTER);
        }

        String kind(double band) {
            if (Math.abs(truth - 1) < 1e-9) {
                return "A/A";
            }
            if (Math.abs(truth - (1 + band)) < 1e-9) {
                return "on the band's edge";
            }
            return truth < 1 + band ? "within the band" : "beyond the band";
        }
    }

    public static Calibration of(Comparisons doc) {
        Map<Double, int[]> counts = new TreeMap<>(); // per truth: ratios, covered
        Map<Double, Map<String, Integer>> verdicts = new TreeMap<>();
        Map<Integer, Integer> widths = new TreeMap<>(java.util.Comparator.reverseOrder());
        java.util.IntSummaryStatistics forks = new java.util.IntSummaryStatistics();
        boolean sequential = false;
        for (Comparisons.Asked q : doc.questions()) {
            boolean any = false;
            for (Comparisons.Ratio r : q.ratios()) {
                if (r.planted() == null || !r.intervalOver().equals("forks")) {
                    continue;
                }
                any = true;
                double cost = q.higherIsBetter() ? 1 / r.planted() : r.planted();
                boolean turned = cost < 1 - 1e-9;
                double truth = Math.round((turned ? 1 / cost : cost) * 1e6) / 1e6;
                int[] c = counts.computeIfAbsent(truth, t -> new int[2]);
                c[0]++;
                c[1] += r.low() <= r.planted() && r.planted() <= r.high() ? 1 : 0;
                verdicts.computeIfAbsent(truth, t -> new LinkedHashMap<>()).merge(turned ? turned(r.verdict()) : r.verdict(), 1, Integer::sum);
            }
            if (any) {
                widths.merge(q.variants().size(), 1, Integer::sum);
                forks.accept(q.forks().size());
                sequential |= q.design().sequential();
            }
        }
        List<Row> rows = new ArrayList<>();
        counts.forEach((t, c) -> rows.add(new Row(t, c[0], c[1], verdicts.get(t))));
        return new Calibration(rows, widths, doc.band(),
                forks.getCount() == 0 ? Forks.NONE : new Forks(forks.getMin(), forks.getMax(), sequential));
    }

    /** The verdict of b against a, from a's against b. */
    private static String turned(String verdict) {
        if (verdict.equals(RatioVerdict.FASTER.words)) {
            return RatioVerdict.SLOWER.words;
        }
        return verdict.equals(RatioVerdict.SLOWER.words) ? RatioVerdict.FASTER.words : verdict;
    }

    public int ratios() {
        return rows.stream().mapToInt(Row::ratios).sum();
    }

    public int covered() {
        return rows.stream().mapToInt(Row::covered).sum();
    }

    /**
     * Whether the coverage is evidence of too narrow intervals: how often sound 95% intervals would
     * cover the truth this few times or fewer in as many ratios (an exact binomial test, as if the
     * ratios were independent: those of one question share its forks, so the test is a rough gauge).
     * Where they cover it more often than 95% intervals do in 95% of calibrations, it says so too: such
     * intervals are wider than the noise needs (at few forks the within-fork floor, drawn with the
     * forks' t quantile, binds: 5 forks of calibrate fs covered 99.2%, 2026-12-02), which costs verdicts,
     * not errors.
     */
    String coverageSaysSo() {
        double p = BinomialTest.withDefaults().with(AlternativeHypothesis.LESS_THAN).test(ratios(), covered(), 0.95).getPValue();
        String odds = String.format(Locale.ROOT, "Sound intervals cover the truth this seldom or less in %s of calibrations of %d",
                percent(p), ratios());
        if (p < 0.05) {
            return odds + ": the intervals are too narrow on this machine.";
        }
        double wide = BinomialTest.withDefaults().with(AlternativeHypothesis.GREATER_THAN).test(ratios(), covered(), 0.95).getPValue();
        return wide < 0.05 ? odds + String.format(Locale.ROOT, ": no sign that they are too narrow; 95%% intervals cover it this often "
                + "or more in %s: these are wider than the noise needs, which costs verdicts, not errors.", percent(wide))
                : odds + ": no sign that they are too narrow.";
    }

    private static String percent(double p) {
        return p < 0.01 ? "under 1%" : String.format(Locale.ROOT, "%.0f%%", 100 * p);
    }

    public List<String> lines() {
        if (ratios() == 0) {
            return List.of("no planted ratio got two forks: nothing to calibrate");
        }
        List<String> out = new ArrayList<>();
        String questions = widths.entrySet().stream().map(e -> e.getValue() + " of " + e.getKey() + " variants")
                .collect(java.util.stream.Collectors.joining(", "));
        out.add(String.format(Locale.ROOT, "Calibration with planted effects: %d ratios of variants built to differ by a known factor "
                + "(the true ratio), in questions (%s%s) measured as a run measures its own: slices, forks, added forks, stop rule. "
                + "Each ratio read as the dearer variant against the cheaper; rates with exact 95%% intervals.", ratios(), questions,
                forks.most() == 0 ? "" : "; " + forks.words()));
        out.add(String.format(Locale.ROOT, "95%% intervals that cover the true ratio: %s. %s",
                new ClopperPearson(covered(), ratios()).words(), coverageSaysSo()));
        for (Row r : rows) {
            List<RatioVerdict> wrong = r.wrong(band);
            List<String> bad = wrong.stream().map(v -> "'" + v.words + "' " + rate(r.count(v), r.ratios())).toList();
            List<String> rest = java.util.Arrays.stream(RatioVerdict.values()).filter(v -> !wrong.contains(v))
                    .map(v -> v.words + " " + r.count(v)).toList();
            out.add(String.format(Locale.ROOT, "true ratio %.3f (%s), %d ratios: cover it %s; wrong verdicts %s; %s.",
                    r.truth(), r.kind(band), r.ratios(), rate(r.covered(), r.ratios()), String.join(", ", bad), String.join(", ", rest)));
        }
        return out;
    }

    /** "3 (7.5%, 1.6-20.4%)": a count, its rate and the rate's exact 95% interval. */
    private static String rate(int count, int of) {
        ClopperPearson cp = new ClopperPearson(count, of);
        return String.format(Locale.ROOT, "%d (%.1f%%, %.1f-%.1f%%)", count, 100 * cp.rate(), 100 * cp.low(), 100 * cp.high());
    }
}
