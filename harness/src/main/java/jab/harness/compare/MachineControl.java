package jab.harness.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jab.harness.env.CacheProbe;
import jab.harness.results.ResultSource;
import jab.harness.results.Comparison;
import jab.harness.results.SignificanceVerdict;
import jab.harness.stats.StatTest;
import jab.harness.stats.Stats;

/**
 * Whether A and B ran on a machine in the same state, judged from what the runs measured without the
 * JVM: the C native floors (native.json), whose code is the same in both runs, and the shared-cache probe jab samples before each JMH run (env.json run.cacheProbe). Two
 * runs of one command on a cloud VM can differ by 30% in their C floors when other tenants of the host
 * change the shared cache's speed between them; JVM results that moved by as much share that cause, and
 * a reader must see that before reading a verdict as the JVM's.
 */
public final class MachineControl {
    private MachineControl() {
    }

    /** The lines to print after the table, empty when neither run has native floors or cache probes. */
    public static List<String> lines(ResultSource a, ResultSource b, List<Comparison> cs) {
        // Whole-JVM timings (timings.json) are made outside JMH but run a JVM: they are not the machine's control.
        List<Comparison> outside = cs.stream().filter(c -> c.label().equals(ResultSource.NATIVE)).toList();
        List<Comparison> jvm = cs.stream().filter(c -> !c.label().equals(ResultSource.NATIVE)).toList();
        Optional<ProbeComparison> probe = probe(a, b, cs.isEmpty() ? null : cs.get(0).settings());
        if (outside.isEmpty() && probe.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add("The machine (measured without the JVM; the same code in A and B, so a change here is the machine's):");
        long moved = outside.stream().filter(MachineControl::changed).count();
        if (!outside.isEmpty()) {
            out.add("  native floors (C, no JVM): " + CompareCommand.counts(outside));
        }
        probe.ifPresent(p -> out.add("  " + p.line()));
        boolean probeMoved = probe.isPresent() && probe.get().changed();
        out.add("  JVM results: " + CompareCommand.counts(jvm));
        if (moved > 0 || probeMoved) {
            out.add("  => The machine was not the same in A and B" + (moved > 0 ? ": " + moved + " of " + outside.size()
                    + " native floors changed" : ": the shared cache's speed changed")
                    + ". A JVM result that changed by about as much may share that cause: run A and B again back to back on a "
                    + "quiet machine (a host of its own for differences of a few percent) before reading it as the JVM's.");
        } else {
            out.add("  => No change of the machine seen" + (outside.isEmpty() ? " in the cache probe" : "") + ".");
        }
        return out;
    }

    /** The probes' line as printed, and whether it says the cache's speed changed. */
    record ProbeComparison(String line, boolean changed) {
    }

    private static boolean changed(Comparison c) {
        return c.verdict() == SignificanceVerdict.FASTER || c.verdict() == SignificanceVerdict.SLOWER;
    }

    /**
     * The probe's samples of both runs: medians, range, B/A of the medians and a Mann-Whitney U test.
     * Changed means p below the comparison's alpha and the medians further apart than its threshold.
     */
    static Optional<ProbeComparison> probe(ResultSource a, ResultSource b, Comparison.Settings s) {
        double[] pa = a.cacheProbe();
        double[] pb = b.cacheProbe();
        if (pa.length < 2 || pb.length < 2 || s == null) {
            return Optional.empty();
        }
        double ma = Stats.median(pa);
        double mb = Stats.median(pb);
        double p = StatTest.MANN_WHITNEY.pValue(pa, pb);
        boolean changed = p < s.alpha() && Math.abs(mb / ma - 1) > s.threshold();
        String line = String.format(Locale.ROOT, "cache probe (ns per load of a pointer chase through %d KiB, 50 ms before "
                        + "each JMH run): A median %.1f (%d samples, %.1f-%.1f), B median %.1f (%d samples, %.1f-%.1f); "
                        + "B/A of the medians %.2f, Mann-Whitney p %s %s",
                CacheProbe.BYTES / 1024, ma, pa.length, min(pa), max(pa), mb, pb.length, min(pb), max(pb), mb / ma,
                CompareTable.pValue(p), changed ? "(changed)" : "(no change beyond the threshold)");
        return Optional.of(new ProbeComparison(line, changed));
    }

    private static double min(double[] xs) {
        return Arrays.stream(xs).min().orElse(Double.NaN);
    }

    private static double max(double[] xs) {
        return Arrays.stream(xs).max().orElse(Double.NaN);
    }
}
