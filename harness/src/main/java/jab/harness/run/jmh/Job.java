package jab.harness.run.jmh;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.family.Family;
import jab.harness.family.JmhSettings;

/**
 * One JMH result to measure: a benchmark in its mode with one value for each of its params. jab
 * runs JMH once per job (and again to add forks to it), so each result is written as soon as it is
 * measured and can be refined on its own.
 */
public record Job(Family family, BenchmarkListEntry entry, Map<String, String> params) {

    /** Every combination of the params' values, per benchmark, in the order the benchmarks and values are given. */
    public static List<Job> of(Family family, List<BenchmarkListEntry> benchmarks, Map<String, String[]> jmhParams) {
        List<Job> out = new ArrayList<>();
        for (BenchmarkListEntry e : benchmarks) {
            List<Map<String, String>> combos = new ArrayList<>(List.of(new LinkedHashMap<>()));
            for (Map.Entry<String, String[]> p : BenchmarkCatalog.params(e).entrySet()) {
                String[] values = jmhParams.getOrDefault(p.getKey(), p.getValue());
                List<Map<String, String>> next = new ArrayList<>();
                for (Map<String, String> c : combos) {
                    for (String v : values) {
                        Map<String, String> m = new LinkedHashMap<>(c);
                        m.put(p.getKey(), v);
                        next.add(m);
                    }
                }
                combos = next;
            }
            combos.forEach(c -> out.add(new Job(family, e, Map.copyOf(c))));
        }
        return out;
    }

    /** What a profile's subset sees of this job. */
    public JmhSettings.Variant variant() {
        String name = benchmark();
        return new JmhSettings.Variant(name.substring(name.lastIndexOf('.') + 1), entry.getThreads().orElse(1), params);
    }

    public String benchmark() {
        return entry.getUsername();
    }

    /** "fs.FileExistsBenchmark.existingFile api=FILE_EXISTS", as the progress line shows it. */
    public String label() {
        String p = new java.util.TreeMap<>(params).entrySet().stream().map(x -> x.getKey() + "=" + x.getValue())
                .collect(Collectors.joining(" "));
        return benchmark().replaceFirst("^jab\\.bench\\.", "") + (p.isEmpty() ? "" : " " + p);
    }
}
