package jab.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;
import jab.harness.stats.ForkInterval;
import jab.harness.warnings.Warning;

/**
 * statistics.json: jab's statistics of every result of a run, beside JMH's JSON (which stays as JMH
 * wrote it): the fork means, jab's fork-level 95% interval and how it was computed, the run's
 * precision goal and whether the result met it, and the warnings raised about it.
 */
public record StatisticsDocument(String method, double confidence, double precisionGoal, List<Entry> results,
                                 List<String> warnings) {
    public static final String NAME = "statistics";

    /** One result: which, its fork means and its interval. */
    public record Entry(String jdk, String benchmark, String mode, Map<String, String> params, String unit, double score,
                        int forks, double[] forkMeans, double mean, Double halfWidth, Double relativeHalfWidth,
                        String interval, Boolean metGoal) {
    }

    public static StatisticsDocument of(RunResults run) {
        double goal = run.record().request().precision();
        List<Entry> entries = new ArrayList<>();
        for (String jdk : run.jdkIds()) {
            run.jmh(jdk).forEach(r -> entries.add(entry(jdk, r, goal)));
        }
        run.baselines().forEach(r -> entries.add(entry("native", r, goal)));
        run.timings().forEach(r -> entries.add(entry("timings", r, 0)));
        List<String> warnings = Summary.warnings(run).stream().map(Warning::line).toList();
        return new StatisticsDocument("95% interval of the mean, Student's t over the fork means (one fork: over its "
                + "iterations, fork-to-fork variance unknown)", ForkInterval.CONFIDENCE, goal, entries, warnings);
    }

    private static Entry entry(String jdk, BenchResult r, double goal) {
        ForkInterval fi = ForkInterval.of(r.rawData());
        Boolean met = goal > 0 && fi.hasInterval() ? fi.relative() <= goal : null;
        return new Entry(jdk, r.benchmark(), r.mode(), r.params(), r.unit(), r.score(), fi.forks(),
                ForkInterval.forkMeans(r.rawData()), fi.mean(), finite(fi.halfWidth()), finite(fi.relative()), fi.method().words, met);
    }

    /** No interval is null in the JSON, not the string "NaN" that readers would have to know about. */
    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
