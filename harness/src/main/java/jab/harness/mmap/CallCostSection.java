package jab.harness.mmap;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.PairAnswers;
import jab.harness.results.RunResults;
import jab.harness.stats.ForkInterval;
import jab.mmap.jruby.RubyWriteStrategy;

/**
 * The JRuby call cost in summary.md: per JDK and chunk size, the time of one write call of each of
 * seed 004's strategies into memory already mapped and faulted in (over the question's interleaved
 * forks, per chunk and per KiB), and each of the seed's pairwise claims judged on the question's
 * answer for the pair ({@link PairAnswers}, {@link ClaimVerdict}): the claim's ratio and the answer
 * are one figure.
 */
final class CallCostSection {
    static final String CALL_COST = "jab.bench.mmap.JRubyCallCostBenchmark.writeChunk";

    private CallCostSection() {
    }

    static void render(RunResults run, Page page, int level) {
        boolean first = true;
        for (String jdk : run.jdkIds()) {
            List<BenchResult> rs = RunResults.filter(run.scores(jdk), r -> r.benchmark().equals(CALL_COST));
            if (rs.isEmpty()) {
                continue;
            }
            if (first) {
                page.heading(level, "JRuby call cost and seed 004's claims");
                page.paragraph("One write call of a Ruby String into a region already mapped and written once (no page "
                        + "faults, no mapping calls; Ruby File: pages already in the page cache), average time per call "
                        + "(JMH avgt) over the question's interleaved forks, ± jab's 95% interval over them. The whole-file "
                        + "single shots above include first-touch page faults; these do not. Seed 004's claims are judged on "
                        + "the question's answer for the two strategies a claim compares (claimed slower over claimed faster, "
                        + "with its 95% interval over forks): **holds** when the whole interval agrees with the claim, **does "
                        + "not hold** when the whole interval contradicts it, **cannot tell** otherwise. \"About 6x\" is read as "
                        + fmt(Seed004.ABOUT_6X_LOW) + "x to " + fmt(Seed004.ABOUT_6X_HIGH) + "x.");
                first = false;
            }
            List<Integer> chunks = rs.stream().map(r -> Integer.parseInt(r.param("chunkSize"))).distinct().sorted()
                    .collect(Collectors.toList());
            for (int chunk : chunks) {
                List<BenchResult> here = RunResults.filter(rs, r -> Integer.toString(chunk).equals(r.param("chunkSize")));
                page.heading(level + 1, "JDK " + jdk + ", chunkSize=" + chunk + ": call cost");
                page.table(List.of("strategy", "ns per call", "ns per KiB"), table(here, chunk), 1);
                page.table(List.of("seed 004's claim", "verdict", "the answer (claimed slower / claimed faster)"),
                        claims(run, jdk, here), 2);
            }
        }
    }

    private static List<List<String>> table(List<BenchResult> here, int chunk) {
        List<BenchResult> sorted = new ArrayList<>(here);
        sorted.sort(Comparator.comparingDouble(CallCostSection::nanos));
        List<List<String>> rows = new ArrayList<>();
        for (BenchResult r : sorted) {
            double ns = nanos(r);
            rows.add(List.of("jruby " + r.param("rubyStrategy"), fmt(ns) + " " + ForkInterval.of(r.rawData()).cell(),
                    fmt(ns / (chunk / 1024.0))));
        }
        return rows;
    }

    /** One row per claim of seed 004: the claim, the verdict, the answer with its interval. */
    static List<List<String>> claims(RunResults run, String jdk, List<BenchResult> here) {
        List<List<String>> rows = new ArrayList<>();
        for (Seed004.Claim c : Seed004.CLAIMS) {
            Optional<BenchResult> slow = find(here, c.slow());
            Optional<BenchResult> fast = find(here, c.fast());
            Optional<PairAnswers.Cost> answer = slow.flatMap(s -> fast.flatMap(f -> PairAnswers.of(run, jdk, s, f)));
            if (answer.isEmpty()) {
                rows.add(List.of(c.words(), slow.isEmpty() || fast.isEmpty() ? "cannot tell (not measured)" : "cannot tell (no answer)",
                        "-"));
                continue;
            }
            PairAnswers.Cost a = answer.get();
            rows.add(List.of(c.words(), a.overForks() ? ClaimVerdict.of(a.low(), a.high(), c.low(), c.high()).words
                    : "cannot tell (one fork decides nothing)", a.words()));
        }
        return rows;
    }

    private static Optional<BenchResult> find(List<BenchResult> rs, RubyWriteStrategy s) {
        return rs.stream().filter(r -> s.name().equals(r.param("rubyStrategy"))).findFirst();
    }

    /** The score in nanoseconds per call, whatever time unit JMH wrote. */
    private static double nanos(BenchResult r) {
        return MmapSection.millis(r) * 1e6;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v);
    }
}
