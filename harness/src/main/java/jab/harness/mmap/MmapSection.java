package jab.harness.mmap;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;

import jab.bench.mmap.WriteStrategy;
import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.PairAnswers;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;
import jab.harness.stats.Stats;
import jab.mmap.jruby.RubyWriteStrategy;

/**
 * The mmap section of summary.md and the reports: per JDK, total and chunk size, every strategy's
 * time per file (over its question's interleaved forks) and throughput beside the in-process floor,
 * the JVM tax from the question's answer; C write(2) and mmap+memcpy in a table of their own (they ran
 * in processes of their own); the goals read on two scores, and seed 004's order.
 */
final class MmapSection {
    static final String JAVA = "jab.bench.mmap.SequentialWriteBenchmark.writeFile";
    static final String RUBY = "jab.bench.mmap.JRubyWriteBenchmark.writeFromRuby";
    static final String SEGMENT = "jab.bench.mmap.MappedSegmentWriteBenchmark.writeFile";

    private MmapSection() {
    }

    static void render(RunResults run, Page page, int level) {
        page.heading(level, "mmap: sequential writes");
        page.paragraph("Time to write one whole file (single shot, ms, ± jab's 95% interval over forks: a question's strategies "
                + "over its interleaved forks) and its throughput in GB/s (10^9 bytes/s). `C partner` is the C method of the "
                + "same run that makes the same syscalls per chunk, as the run's trace of each strategy shows them (below; "
                + "`jab verify mmap` makes the same trace): mmap+memcpy where a strategy makes none per chunk, write(2) where "
                + "it makes one write per chunk; none where no C method does the same or there is no trace. The C programs ran "
                + "in processes of their own, so no ratio divides by them. `JVM tax` is a strategy's time over write(2) from "
                + "the fork (JNI), the in-process floor interleaved with it, as its question answers it (95% interval over "
                + "forks), for the strategies making one write(2) per chunk. force=false measures the page cache.");
        for (String jdk : run.jdkIds()) {
            List<BenchResult> rs = RunResults.filter(run.scores(jdk), r -> r.benchmark().equals(JAVA) || r.benchmark().equals(SEGMENT)
                    || r.benchmark().equals(RUBY) || r.benchmark().equals(MmapFamily.WRITE_FLOOR));
            if (rs.isEmpty()) {
                continue;
            }
            Set<String> groups = new LinkedHashSet<>();
            rs.forEach(r -> groups.add(r.param("totalBytes") + "/" + r.param("force")));
            for (String g : groups) {
                String total = g.split("/")[0];
                String force = g.split("/")[1];
                List<String> chunks = rs.stream().filter(r -> g.equals(r.param("totalBytes") + "/" + r.param("force")))
                        .map(r -> r.param("chunkSize")).distinct().sorted(Comparator.comparingLong(Long::parseLong))
                        .collect(Collectors.toList());
                for (String chunk : chunks) {
                    section(page, level + 1, run, rs, jdk, Long.parseLong(total), force, chunk);
                }
            }
        }
    }

    private static void section(Page page, int level, RunResults run, List<BenchResult> rs, String jdk, long total, String force, String chunk) {
        List<BenchResult> here = RunResults.filter(rs, r -> r.param("totalBytes").equals(Long.toString(total))
                && force.equals(r.param("force")) && chunk.equals(r.param("chunkSize")));
        Optional<BenchResult> cWrite = nativeOf(run, "write", total, force, chunk);
        Optional<BenchResult> cMmap = nativeOf(run, "mmap_memcpy", total, force, chunk);
        double bestC = DoubleStream.of(gbps(cWrite, total), gbps(cMmap, total)).filter(Double::isFinite).max()
                .orElse(Double.NaN); // the goal's partner: whichever C method was fastest, if any ran
        page.heading(level, "JDK " + jdk + ", chunkSize=" + chunk + ", totalBytes=" + total + ", force=" + force);
        List<BenchResult> sorted = new ArrayList<>(here);
        sorted.sort(Comparator.comparingDouble(r -> millis(r)));
        List<List<String>> rows = new ArrayList<>();
        for (BenchResult r : sorted) {
            Optional<String> partner = MmapPartners.of(run, jdk, r);
            Optional<BenchResult> c = partner.flatMap(p -> p.equals(MmapPartners.MMAP) ? cMmap : cWrite);
            String tax = partner.filter(MmapPartners.WRITE::equals).flatMap(p -> PairAnswers.tax(run, jdk, r))
                    .map(PairAnswers.Cost::words).orElse("-");
            rows.add(row(label(r), r, total, partner.map(p -> "C " + p.substring(p.lastIndexOf('.') + 1)).orElse("none"), tax));
        }
        page.table(List.of("strategy", "C partner", "ms per file", "GB/s", "JVM tax"), rows, 2);
        List<List<String>> cRows = new ArrayList<>();
        for (Optional<BenchResult> c : List.of(cWrite, cMmap)) {
            c.ifPresent(x -> cRows.add(List.of("C " + x.method(), ResultTable.cell(x), fmt(gbps(c, total)))));
        }
        if (!cRows.isEmpty()) {
            page.table(List.of("C method (processes of their own)", "ms per file", "GB/s"), cRows, 1);
        }
        traced(page, run, jdk, chunk);
        List<String> findings = new ArrayList<>();
        targets(findings, here, total, bestC);
        seedOrder(findings, here, Integer.parseInt(chunk));
        if (!findings.isEmpty()) {
            page.bullets(findings);
        }
    }

    /** What each Java strategy did per chunk on this JDK, as the run traced it: the partners' evidence. */
    private static void traced(Page page, RunResults run, String jdk, String chunk) {
        List<String> lines = run.document(MmapTraceDocument.NAME, MmapTraceDocument.class).map(doc -> doc.traces().stream()
                .filter(t -> t.jdk().equals(jdk) && Integer.toString(t.chunkSize()).equals(chunk)).map(WriteTrace::line).toList())
                .orElse(List.of());
        if (!lines.isEmpty()) {
            page.paragraph("Traced per chunk (strace -f -c of a JVM writing n and then 2n chunks; the difference over n):");
            page.bullets(lines);
        }
    }

    private static List<String> row(String label, BenchResult r, long total, String partner, String tax) {
        return List.of(label, partner, ResultTable.cell(r), fmt(gbps(Optional.of(r), total)), tax);
    }

    /**
     * The performance goals, stated as measured, never as hoped. Each compares scores that were not
     * measured side by side (the C programs in processes of their own, the JRuby writer in a question
     * of its own), so no ratio with an interval is drawn: the two scores and the threshold are given,
     * and the only ratios with a verdict stay the questions' answers.
     */
    private static void targets(List<String> findings, List<BenchResult> here, long total, double bestC) {
        Optional<BenchResult> jab = find(here, "strategy", WriteStrategy.JAB_MAPPED_WRITER.name());
        Optional<BenchResult> ext = find(here, "rubyStrategy", RubyWriteStrategy.EXT_MMAP_UNSAFE.name());
        if (jab.isPresent() && Double.isFinite(bestC)) {
            double g = gbps(jab, total);
            findings.add(String.format(Locale.ROOT, "the writer's goal, at least 0.8x the best C method's throughput, read on two "
                    + "scores taken apart (not a measured ratio): jab writer %s GB/s over its question's forks, best C method %s "
                    + "GB/s in processes of its own; 0.8x of it is %s GB/s: %s", fmt(g), fmt(bestC), fmt(0.8 * bestC),
                    g >= 0.8 * bestC ? "met on these scores" : "not met on these scores"));
        }
        if (jab.isPresent() && ext.isPresent()) {
            double ruby = millis(ext.get());
            double java = millis(jab.get());
            findings.add(String.format(Locale.ROOT, "the JRuby extension's goal, within 1.3x the Java writer's time, read on two "
                    + "scores of two questions (not a measured ratio): JRuby unsafe extension %s ms per file, jab writer %s ms; "
                    + "1.3x of it is %s ms: %s", ResultTable.number(ruby), ResultTable.number(java),
                    ResultTable.number(1.3 * java), ruby <= 1.3 * java ? "met on these scores" : "not met on these scores"));
        }
    }

    /** Every sample in milliseconds. */
    private static double[] samplesMillis(BenchResult r) {
        double toMillis = millis(r) / r.score();
        return java.util.Arrays.stream(r.allSamples()).map(x -> x * toMillis).toArray();
    }

    /** The median sample in milliseconds. */
    private static double median(BenchResult r) {
        return Stats.median(samplesMillis(r));
    }

    /**
     * Seed 004's order at this chunk size (its own figures give a different one per size), against
     * the medians of the shots: a mean of a few single shots moves with one slow file.
     */
    private static void seedOrder(List<String> findings, List<BenchResult> here, int chunkSize) {
        List<BenchResult> ruby = RunResults.filter(here, r -> r.param("rubyStrategy") != null);
        if (ruby.size() < 2) {
            return;
        }
        Optional<List<RubyWriteStrategy>> order = Seed004.order(chunkSize);
        if (order.isEmpty()) {
            findings.add("seed 004's order: not known for " + chunkSize + "-byte chunks (the seed measured 1k, 4k and 16k)");
            return;
        }
        List<String> measured = ruby.stream().sorted(Comparator.comparingDouble(MmapSection::median))
                .map(r -> r.param("rubyStrategy")).collect(Collectors.toList());
        List<String> seed = order.get().stream().map(Enum::name).filter(measured::contains).collect(Collectors.toList());
        findings.add("seed 004's order at this chunk size (" + String.join(" < ", short7(seed)) + "), on medians of the shots: "
                + (measured.equals(seed) ? "holds" : "does not hold; measured " + String.join(" < ", short7(measured))));
    }

    private static List<String> short7(List<String> names) {
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toList());
    }

    private static Optional<BenchResult> find(List<BenchResult> rs, String param, String value) {
        return rs.stream().filter(r -> value.equals(r.param(param))).findFirst();
    }

    private static Optional<BenchResult> nativeOf(RunResults run, String method, long total, String force, String chunk) {
        return run.baselines().stream().filter(r -> r.benchmark().equals("native.mmap." + method)
                && Long.toString(total).equals(r.param("totalBytes")) && force.equals(r.param("force"))
                && chunk.equals(r.param("chunkSize"))).findFirst();
    }

    private static String label(BenchResult r) {
        if (r.benchmark().equals(MmapFamily.WRITE_FLOOR)) {
            return "write(2) from the fork (JNI)";
        }
        if (r.benchmark().equals(SEGMENT)) {
            return "java " + WriteStrategy.MAPPED_MEMORY_SEGMENT.name();
        }
        return r.param("strategy") != null ? "java " + r.param("strategy") : "jruby " + r.param("rubyStrategy");
    }

    /** The score in milliseconds, whatever time unit JMH wrote. */
    static double millis(BenchResult r) {
        String u = r.unit().replace("/op", "");
        switch (u) {
            case "s": return r.score() * 1e3;
            case "us": return r.score() / 1e3;
            case "ns": return r.score() / 1e6;
            default: return r.score();
        }
    }

    private static double gbps(Optional<BenchResult> r, long total) {
        return r.map(x -> total / (millis(x) / 1e3) / 1e9).orElse(Double.NaN);
    }

    private static String fmt(double g) {
        return Double.isFinite(g) ? String.format(Locale.ROOT, "%.2f", g) : "-";
    }
}
