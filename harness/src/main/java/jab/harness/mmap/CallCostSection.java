package jab.harness.mmap;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;
import jab.harness.stats.Stats;
import jab.mmap.jruby.RubyWriteStrategy;

/**
 * The JRuby call cost in summary.md: per JDK and chunk size, the time of one write call of each of
 * seed 004's strategies into memory already mapped and faulted in (median of the iterations, per
 * chunk and per KiB), and each of the seed's pairwise claims with the ratio of medians, its 95%
 * interval (over forks when there are two or more) and a verdict ({@link MedianRatio}, {@link ClaimVerdict}).
 */
final class CallCostSection {
    static final String CALL_COST = "jab.bench.mmap.JRubyCallCostBenchmark.writeChunk";

    private CallCostSection() {
    }

    static void render(RunResults run, Page page, int level) {
        boolean first = true;
        for (String jdk : run.jdkIds()) {
            List<BenchResult> rs = RunResults.filter(run.jmh(jdk), r -> r.benchmark().equals(CALL_COST));
            if (rs.isEmpty()) {
                continue;
            }
            if (first) {
                page.heading(level, "JRuby call cost and seed 004's claims");
                page.paragraph("One write call of a Ruby String into a region already mapped and written once (no page "
                        + "faults, no mapping calls; Ruby File: pages already in the page cache), average time per call "
                        + "(JMH avgt), shown as the median of the iterations. The whole-file single shots above include "
                        + "first-touch page faults; these do not. Seed 004's claims are judged here, on medians: the ratio "
                        + "slower/faster of the two strategies a claim compares, with a 95% interval over forks (each fork's median "
                        + "one observation, Welch's t on the log scale) when both have two forks or more, else a "
                        + "distribution-free interval over the one fork's iterations, which cannot see fork-to-fork variance; "
                        + "**holds** when the whole interval agrees with the claim, **does not hold** when the whole interval "
                        + "contradicts it, **cannot tell** otherwise. \"About 6x\" is read as "
                        + fmt(Seed004.ABOUT_6X_LOW) + "x to " + fmt(Seed004.ABOUT_6X_HIGH) + "x.");
                first = false;
            }
            List<Integer> chunks = rs.stream().map(r -> Integer.parseInt(r.param("chunkSize"))).distinct().sorted()
                    .collect(Collectors.toList());
            for (int chunk : chunks) {
                List<BenchResult> here = RunResults.filter(rs, r -> Integer.toString(chunk).equals(r.param("chunkSize")));
                page.heading(level + 1, "JDK " + jdk + ", chunkSize=" + chunk + ": call cost");
                page.table(List.of("strategy", "ns per call (median)", "ns per KiB", "JMH score"), table(here, chunk), 1);
                page.table(List.of("seed 004's claim", "verdict", "ratio of medians (claimed slower / claimed faster)"),
                        claims(here), 2);
            }
        }
    }

    private static List<List<String>> table(List<BenchResult> here, int chunk) {
        List<BenchResult> sorted = new ArrayList<>(here);
        sorted.sort(Comparator.comparingDouble(CallCostSection::medianNanos));
        List<List<String>> rows = new ArrayList<>();
        for (BenchResult r : sorted) {
            double ns = medianNanos(r);
            rows.add(List.of("jruby " + r.param("rubyStrategy"), fmt(ns), fmt(ns / (chunk / 1024.0)),
                    ResultTable.cell(r) + " " + r.unit()));
        }
        return rows;
    }

    /** One row per claim of seed 004: the claim, the verdict, the ratio with its interval. */
    static List<List<String>> claims(List<BenchResult> here) {
        List<List<String>> rows = new ArrayList<>();
        for (Seed004.Claim c : Seed004.CLAIMS) {
            Optional<BenchResult> slow = find(here, c.slow());
            Optional<BenchResult> fast = find(here, c.fast());
            if (slow.isEmpty() || fast.isEmpty()) {
                rows.add(List.of(c.words(), "cannot tell (not measured)", "-"));
                continue;
            }
            MedianRatio r = MedianRatio.ofForks(forkNanos(slow.get()), forkNanos(fast.get()));
            rows.add(List.of(c.words(), ClaimVerdict.of(r, c.low(), c.high()).words, r.words()));
        }
        return rows;
    }

    private static Optional<BenchResult> find(List<BenchResult> rs, RubyWriteStrategy s) {
        return rs.stream().filter(r -> s.name().equals(r.param("rubyStrategy"))).findFirst();
    }

    private static double medianNanos(BenchResult r) {
        return Stats.median(nanos(r));
    }

    /** Every iteration's score in nanoseconds per call, whatever time unit JMH wrote. */
    static double[] nanos(BenchResult r) {
        return java.util.Arrays.stream(r.allSamples()).map(x -> x * nanosPerUnit(r)).toArray();
    }

    /** The same per fork: the forks' iterations, each fork's finite samples. */
    static List<double[]> forkNanos(BenchResult r) {
        double f = nanosPerUnit(r);
        return r.rawData().stream().map(fork -> java.util.Arrays.stream(fork).filter(Double::isFinite).map(x -> x * f).toArray())
                .filter(fork -> fork.length > 0).toList();
    }

    private static double nanosPerUnit(BenchResult r) {
        return MmapSection.millis(r) / r.score() * 1e6;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v);
    }
}
