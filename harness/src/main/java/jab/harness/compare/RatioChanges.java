package jab.harness.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jab.harness.results.Comparisons;
import jab.harness.stats.RatioOfRatios;
import jab.harness.stats.RatioVerdict;

/**
 * Two runs compared on their within-run ratios: for every comparison both runs' questions made (same
 * question, JDK and pair of variants), B's ratio over A's, with Welch's 95% interval over both runs'
 * forks ({@link RatioOfRatios}). A machine that drifted between the runs moves both variants of a
 * ratio alike, so a change here is a change in what was measured; the absolute scores, compared below
 * it, move with the machine. Changed: the whole interval beyond the band; the same: within it.
 */
final class RatioChanges {
    /** One comparison in both runs. */
    record Change(String question, String jdk, String a, String b, double ratioA, double ratioB, RatioOfRatios change, String verdict) {
    }

    private RatioChanges() {
    }

    static List<Change> of(Comparisons a, Comparisons b) {
        double band = Math.max(a.band(), b.band());
        Map<String, Comparisons.Asked> before = new LinkedHashMap<>();
        for (Comparisons.Asked q : a.questions()) {
            before.put(key(q), q);
        }
        List<Change> out = new ArrayList<>();
        for (Comparisons.Asked qb : b.questions()) {
            Comparisons.Asked qa = before.get(key(qb));
            if (qa == null || qa.forks().isEmpty() || qb.forks().isEmpty()) {
                continue;
            }
            for (Comparisons.Ratio r : qb.withRatios(band).ratios()) {
                if (!qa.variants().contains(r.a()) || !qa.variants().contains(r.b())) {
                    continue;
                }
                RatioOfRatios rr = RatioOfRatios.of(qa.forkLogRatios(r.a(), r.b()), qb.forkLogRatios(r.a(), r.b()));
                out.add(new Change(qb.question(), qb.jdk(), qb.detail(r.a()).name(), qb.detail(r.b()).name(),
                        qa.ratio(r.a(), r.b()).ratio(), r.ratio(), rr, verdict(rr, band)));
            }
        }
        return out;
    }

    /** "changed", "the same" (within the band) or "undecided"; "no interval" with one fork on a side. */
    static String verdict(RatioOfRatios rr, double band) {
        if (!rr.hasInterval()) {
            return "no interval";
        }
        if (RatioVerdict.beyond(rr.low(), rr.high(), band)) {
            return "changed";
        }
        return RatioVerdict.within(rr.low(), rr.high(), band) ? "the same" : "undecided";
    }

    /** The section of compare's output: a line per ratio against the reference, then counts over every pair. */
    static List<String> lines(Optional<Comparisons> a, Optional<Comparisons> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return List.of();
        }
        List<Change> all = of(a.get(), b.get());
        if (all.isEmpty()) {
            return List.of();
        }
        double band = Math.max(a.get().band(), b.get().band());
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "Within-run ratios (comparisons.json): each ratio of two variants interleaved in the "
                + "same forks, B's over A's (the ratio of ratios, Welch's 95%% interval over both runs' forks); a machine that "
                + "drifted between the runs moves both variants alike, so these compare what was measured. Changed: the whole "
                + "interval beyond ±%.0f%%; the same: within it.", band * 100));
        int changed = 0;
        int same = 0;
        for (Change c : all) {
            changed += c.verdict().equals("changed") ? 1 : 0;
            same += c.verdict().equals("the same") ? 1 : 0;
            if (c.verdict().equals("changed")) {
                out.add(String.format(Locale.ROOT, "  %s, JDK %s: %s / %s %.3f -> %.3f, ratio of ratios %.3f [%.3f-%.3f] changed",
                        c.question(), c.jdk(), c.a(), c.b(), c.ratioA(), c.ratioB(), c.change().ratio(), c.change().low(), c.change().high()));
            }
        }
        out.add(String.format(Locale.ROOT, "%d within-run ratios in both runs: %d changed beyond ±%.0f%%, %d the same, %d undecided%s",
                all.size(), changed, band * 100, same, all.size() - changed - same,
                changed == 0 ? " (none changed)" : " (the changed ones are listed above)"));
        return out;
    }

    private static String key(Comparisons.Asked q) {
        return q.family() + "\n" + q.question() + "\n" + q.jdk();
    }
}
