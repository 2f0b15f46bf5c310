package jab.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jab.harness.compare.Input;
import jab.harness.compare.Units;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.results.BenchResult;

/**
 * A run's results arranged for charts and findings: JVM results per benchmark class and mode (in
 * the unit of the first result of the group), and the native baselines beside them.
 */
final class RunData {
    /** The JVM results of one class in one mode, across JDKs. */
    record Group(String className, String mode, String unit, List<Input.Entry> entries, Labels labels) {
        List<String> methods() {
            return entries.stream().map(e -> e.result().method()).distinct().toList();
        }

        List<String> jdks() {
            return entries.stream().map(Input.Entry::jdk).distinct().toList();
        }

        List<BenchResult> results() {
            return entries.stream().map(Input.Entry::result).toList();
        }

        /** The family whose package holds the class; empty for benchmarks of no family. */
        Optional<String> family() {
            return labels.families().ofBenchmark(className + ".").map(Family::name);
        }

        String title() {
            return Labels.simpleName(className) + (mode.equals("avgt") ? "" : " (" + mode + ")");
        }
    }

    final Input input;
    final List<Group> groups = new ArrayList<>();
    final List<BenchResult> natives = new ArrayList<>();

    RunData(Input input, FamilySet families) {
        this.input = input;
        Labels labels = new Labels(families);
        Map<List<String>, List<Input.Entry>> byClass = new LinkedHashMap<>();
        for (Input.Entry e : input.entries()) {
            if (e.jdk().equals(Input.NATIVE)) {
                natives.add(e.result());
            }
            if (Input.outsideJmh(e.jdk())) {
                continue;
            }
            byClass.computeIfAbsent(List.of(Labels.classOf(e.result().benchmark()), e.result().mode()), k -> new ArrayList<>()).add(e);
        }
        byClass.forEach((k, es) -> {
            String unit = es.get(0).result().unit();
            List<Input.Entry> converted = es.stream().map(e -> new Input.Entry(e.jdk(), Units.convert(e.result(), unit))).toList();
            groups.add(new Group(k.get(0), k.get(1), unit, converted, labels));
        });
    }

    /** native.FAMILY.CALL.SCENARIO results of a family, by call (stat, access, ...). */
    Map<String, List<BenchResult>> nativesOf(String family) {
        Map<String, List<BenchResult>> byCall = new LinkedHashMap<>();
        String prefix = "native." + family + ".";
        for (BenchResult r : natives) {
            if (r.benchmark().startsWith(prefix)) {
                String rest = r.benchmark().substring(prefix.length());
                int dot = rest.lastIndexOf('.');
                String call = dot < 0 ? rest : rest.substring(0, dot);
                byCall.computeIfAbsent(call, k -> new ArrayList<>()).add(r);
            }
        }
        return byCall;
    }

    /** The native result of a scenario whose shared params equal the JVM result's. */
    static Optional<BenchResult> nativeFor(List<BenchResult> natives, BenchResult jvm) {
        return natives.stream().filter(n -> n.method().equals(jvm.method()))
                .filter(n -> n.params().entrySet().stream().allMatch(p -> !jvm.params().containsKey(p.getKey())
                        || jvm.params().get(p.getKey()).equals(p.getValue())))
                .findFirst();
    }
}
