package jab.harness.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import jab.harness.UsageException;
import jab.harness.stats.ForkInterval;
import jab.harness.stats.Stats;

/**
 * A folder of repeated runs of one command, as {@code jab run --out DIR} run several times leaves it
 * (one run directory per run), read as one side of a comparison whose unit of replication is the
 * run. On a shared cloud host the level that varies most is above the fork: launch costs and C
 * floors move by 10-45% between runs minutes apart while the forks inside each run agree, so two
 * single runs call changes that the next pair would not repeat. Kalibera and Jones's answer is to
 * replicate at the level that varies most and test over it: each run contributes one sample, the mean
 * of its fork means.
 */
final class RepeatedRuns {
    private RepeatedRuns() {
    }

    /** The run directories directly inside {@code dir}, by name (their start times), when it holds two or more. */
    static Optional<List<Path>> in(Path dir) {
        if (!Files.isDirectory(dir) || ResultSource.hasResults(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> children = Files.list(dir)) {
            List<Path> runs = children.filter(Files::isDirectory).filter(ResultSource::hasResults).sorted().toList();
            return runs.size() >= 2 ? Optional.of(runs) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * One entry per result (JDK, benchmark, mode, params) found in any of the runs: its raw data holds
     * one row per run that has it, that run's mean of its fork means, and its score is their mean.
     */
    static ResultSource load(Path dir, List<Path> runDirs) {
        List<RunResults> runs = new ArrayList<>();
        Map<String, List<ResultSource.Entry>> byResult = new LinkedHashMap<>();
        for (Path d : runDirs) {
            RunResults run;
            try {
                run = RunResults.read(d);
            } catch (IOException e) {
                throw new UsageException(d + ": unreadable run directory: " + e.getMessage());
            }
            runs.add(run);
            for (ResultSource.Entry e : ResultSource.of(d, run).entries()) {
                BenchResult r = e.result();
                byResult.computeIfAbsent(e.jdk() + "|" + r.benchmark() + "|" + r.mode() + "|" + r.params(), k -> new ArrayList<>()).add(e);
            }
        }
        List<ResultSource.Entry> entries = new ArrayList<>();
        for (List<ResultSource.Entry> same : byResult.values()) {
            BenchResult first = same.get(0).result();
            List<double[]> perRun = new ArrayList<>();
            for (ResultSource.Entry e : same) {
                perRun.add(new double[] {Stats.mean(ForkInterval.forkMeans(Units.convert(e.result(), first.unit()).rawData()))});
            }
            double score = Stats.mean(perRun.stream().mapToDouble(x -> x[0]).toArray());
            entries.add(new ResultSource.Entry(same.get(0).jdk(), first.withData(score, Double.NaN, first.unit(), perRun)));
        }
        return new ResultSource(dir, Optional.empty(), entries, runs);
    }
}
