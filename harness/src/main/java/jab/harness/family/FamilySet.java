package jab.harness.family;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import jab.harness.results.RunResults;

/** The families of this jab, in the order {@code jab run} runs them, and the lookups over them. */
public final class FamilySet {
    private final List<Family> all;

    public FamilySet(List<Family> families) {
        this.all = List.copyOf(families);
    }

    public List<Family> all() {
        return all;
    }

    public Optional<Family> byName(String name) {
        return all.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** The family a JMH benchmark belongs to, by its package. */
    public Optional<Family> ofBenchmark(String benchmark) {
        return all.stream().filter(f -> benchmark.startsWith(f.benchmarkPackage())).findFirst();
    }

    public String names() {
        return all.stream().map(Family::name).collect(Collectors.joining(", "));
    }

    /** How a param value reads in reports, as the benchmark's family says; the value itself otherwise. */
    public String label(String benchmark, String param, String value) {
        return ofBenchmark(benchmark).flatMap(f -> f.label(param, value)).orElse(value);
    }

    /** The families a run measured: those env.json names and those with results in it, in registry order. */
    public List<Family> of(RunResults run) {
        List<String> named = run.familyNames();
        List<String> benchmarks = run.allJmh().stream().map(r -> r.benchmark()).distinct().toList();
        return all.stream().filter(f -> named.contains(f.name())
                || benchmarks.stream().anyMatch(b -> b.startsWith(f.benchmarkPackage()))).toList();
    }
}
