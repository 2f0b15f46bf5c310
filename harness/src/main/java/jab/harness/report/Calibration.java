package jab.harness.report;

import java.util.List;
import java.util.Locale;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.BinomialTest;

import jab.harness.results.Comparisons;
import jab.harness.stats.RatioVerdict;

/**
 * What an A/A calibration ({@code jab calibrate}) found: its ratios are 1 by construction, so a sound
 * 95% interval covers 1 in about 95% of them, and a sound stop rule gives "the same" or "undecided",
 * almost never faster or slower. Stopping a comparison's forks once a verdict is reached tests it
 * again after every fork, which is what could inflate the false verdicts: this counts them.
 *
 * @param comparisons A/A ratios with an interval over forks
 * @param covered     those whose 95% interval holds 1
 * @param falseVerdicts those called faster or slower
 * @param same        those called the same within the band
 */
public record Calibration(int comparisons, int covered, int falseVerdicts, int same, double band) {

    public static Calibration of(Comparisons doc) {
        int n = 0;
        int cover = 0;
        int wrong = 0;
        int same = 0;
        for (Comparisons.Asked q : doc.questions()) {
            for (Comparisons.Ratio r : q.ratios()) {
                if (!r.intervalOver().equals("forks")) {
                    continue;
                }
                n++;
                cover += r.low() <= 1 && 1 <= r.high() ? 1 : 0;
                wrong += r.verdict().equals(RatioVerdict.FASTER.words) || r.verdict().equals(RatioVerdict.SLOWER.words) ? 1 : 0;
                same += r.verdict().equals(RatioVerdict.SAME.words) ? 1 : 0;
            }
        }
        return new Calibration(n, cover, wrong, same, doc.band());
    }

    /**
     * Whether the coverage is evidence of too narrow intervals: how often sound 95% intervals would
     * cover 1 this few times or fewer in as many comparisons (an exact binomial test). 40 comparisons
     * are a rough gauge: sound intervals cover 1 in 37 or fewer of 40 in about a third of calibrations.
     */
    String coverageSaysSo() {
        double p = BinomialTest.withDefaults().with(AlternativeHypothesis.LESS_THAN).test(comparisons, covered, 0.95).getPValue();
        String odds = String.format(Locale.ROOT, "Sound intervals cover 1 this seldom or less in %s of calibrations of %d",
                p < 0.01 ? "under 1%" : String.format(Locale.ROOT, "%.0f%%", 100 * p), comparisons);
        return p < 0.05 ? odds + ": the intervals are too narrow on this machine." : odds + ": no sign that they are too narrow.";
    }

    public List<String> lines() {
        if (comparisons == 0) {
            return List.of("no A/A comparison got two forks: nothing to calibrate");
        }
        return List.of(
                String.format(Locale.ROOT, "A/A calibration: %d comparisons of a variant against itself, interleaved as a question's "
                        + "variants are, with the run's forks and stop rule.", comparisons),
                String.format(Locale.ROOT, "95%% intervals that cover 1: %d of %d (%.1f%%; a sound interval covers 1 in about 95%%). %s",
                        covered, comparisons, 100.0 * covered / comparisons, coverageSaysSo()),
                String.format(Locale.ROOT, "false verdicts (faster or slower beyond ±%.0f%%): %d of %d (%.1f%%); the same: %d; "
                        + "undecided: %d.", band * 100, falseVerdicts, comparisons, 100.0 * falseVerdicts / comparisons, same,
                        comparisons - same - falseVerdicts));
    }
}
