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
 * A run's results arranged for charts and findings: JVM results per benchmark class and mode (in
 * the unit of the first result of the group), and the native baselines beside them.
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
    final List<BenchResult> natives = new ArrayList<>();

    RunData(ResultSource input, FamilySet families) {
        this.input = input;
        Labels labels = new Labels(families);
        Map<List<String>, List<ResultSource.Entry>> byClass = new LinkedHashMap<>();
        for (ResultSource.Entry e : input.entries()) {
            if (e.jdk().equals(ResultSource.NATIVE)) {
                natives.add(e.result());
            }
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

    /**
     * The native floor of a JVM result: the native result its family names as making the same
     * syscalls ({@link Family#nativePartner}), in the group's unit: the native of that name whose
     * params shared with the result (file count, chunk size, mechanism) are equal, never one of another
     * size. Empty when the family proves no floor, the run holds none of that size, or the input is
     * a bare JMH file (no run directory, so no trace): then no ratio is shown.
     */
    Optional<BenchResult> floorOf(Group g, String jdk, BenchResult jvm) {
        Optional<Family> family = g.labels().families().ofBenchmark(g.className() + ".");
        if (family.isEmpty() || input.run().isEmpty()) {
            return Optional.empty();
        }
        return family.get().nativePartner(input.run().get(), jdk, jvm)
                .flatMap(name -> natives.stream().filter(n -> n.benchmark().equals(name) && n.sharedParamsEqual(jvm)).findFirst())
                .map(n -> Units.convert(n, g.unit()));
    }

    /** How a floor reads: "C access", "C fork.jdk17-launch", "C mmap.write". */
    static String floorLabel(BenchResult floor) {
        String call = floor.param("call");
        return "C " + (call != null ? call : floor.benchmark().replaceFirst("^native\\.", ""));
    }
}
