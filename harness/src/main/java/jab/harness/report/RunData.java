package jab.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultSource;
import jab.harness.results.Units;

/**
 * A run's results arranged for charts: JVM results per benchmark class and mode, in the unit of the
 * first result of the group.
 */
final class RunData {
    /** The JVM results of one class in one mode, across JDKs. */
    record Group(String className, String mode, String unit, List<ResultSource.Entry> entries, Labels labels) {
        List<String> methods() {
            return entries.stream().map(e -> e.result().method()).distinct().toList();
        }

        List<String> jdks() {
            return entries.stream().map(ResultSource.Entry::jdk).distinct().toList();
        }

        List<BenchResult> results() {
            return entries.stream().map(ResultSource.Entry::result).toList();
        }

        /** The family whose package holds the class; empty for benchmarks of no family. */
        Optional<String> family() {
            return labels.families().ofBenchmark(className + ".").map(Family::name);
        }

        String title() {
            return Labels.simpleName(className) + (mode.equals("avgt") ? "" : " (" + mode + ")");
        }
    }

    final ResultSource input;
    final List<Group> groups = new ArrayList<>();

    RunData(ResultSource input, FamilySet families) {
        this.input = input;
        Labels labels = new Labels(families);
        Map<List<String>, List<ResultSource.Entry>> byClass = new LinkedHashMap<>();
        for (ResultSource.Entry e : input.entries()) {
            if (ResultSource.outsideJmh(e.jdk())) {
                continue;
            }
            byClass.computeIfAbsent(List.of(Labels.classOf(e.result().benchmark()), e.result().mode()), k -> new ArrayList<>()).add(e);
        }
        byClass.forEach((k, es) -> {
            String unit = es.get(0).result().unit();
            List<ResultSource.Entry> converted = es.stream().map(e -> new ResultSource.Entry(e.jdk(), Units.convert(e.result(), unit))).toList();
            groups.add(new Group(k.get(0), k.get(1), unit, converted, labels));
        });
    }
}
