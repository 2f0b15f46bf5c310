package jab.harness.results;

import java.util.List;
import java.util.Map;

/**
 * One JMH result as read back from disk (jab's or anyone's JMH JSON, or native.json).
 *
 * @param source   where it came from: the JDK id of jmh-ID.json, "native", or a file name
 * @param rawData  per fork, per iteration scores; empty when the file has none
 * @param samples  the number of samples (JMH's Cnt)
 * @param threads  JMH's benchmark threads (1 when the file does not say)
 * @param iterationSeconds one measurement iteration's time in seconds; NaN for single shots or when unknown
 * @param secondary JMH's secondary metrics (a profiler's, e.g. {@code gc.alloc.rate.norm}): name as the file
 *                  writes it -> score; empty when there are none
 */
public record BenchResult(String source, String benchmark, String mode, Map<String, String> params,
                          double score, double scoreError, String unit, List<double[]> rawData, long samples,
                          String jdkVersion, String vmName, String vmVersion, List<String> jvmArgs,
                          int threads, double iterationSeconds, Map<String, Double> secondary) {

    public BenchResult {
        secondary = Map.copyOf(secondary);
    }

    /** A result without secondary metrics (native baselines, results of runs without a profiler). */
    public BenchResult(String source, String benchmark, String mode, Map<String, String> params,
                       double score, double scoreError, String unit, List<double[]> rawData, long samples,
                       String jdkVersion, String vmName, String vmVersion, List<String> jvmArgs,
                       int threads, double iterationSeconds) {
        this(source, benchmark, mode, params, score, scoreError, unit, rawData, samples, jdkVersion, vmName, vmVersion,
                jvmArgs, threads, iterationSeconds, Map.of());
    }

    /**
     * A secondary metric by its name without JMH's profiler prefix: JMH before 1.33 wrote
     * "·gc.alloc.rate.norm" (the dot marks a profiler's metric), later versions "gc.alloc.rate.norm".
     */
    public java.util.OptionalDouble secondary(String name) {
        Double v = secondary.get(name);
        if (v == null) {
            v = secondary.get("\u00b7" + name);
        }
        return v == null || v.isNaN() ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of(v);
    }

    /** Class.method without the package, as JMH's text table shows it. */
    public String shortName() {
        String[] parts = benchmark.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
    }

    public String method() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    public String param(String name) {
        return params.get(name);
    }

    /**
     * Whether every param both results name has the same value in both: a floor measured over 1,024
     * keys or 4 files partners only a result over as many, never one of another size.
     */
    public boolean sharedParamsEqual(BenchResult other) {
        return params.entrySet().stream().allMatch(p -> !other.params.containsKey(p.getKey())
                || other.params.get(p.getKey()).equals(p.getValue()));
    }

    /** Time per op is better lower; ops per time is better higher. */
    public boolean higherIsBetter() {
        return unit.startsWith("ops/");
    }

    /** The same result with other raw data and score, as unit conversions and tests make them. */
    public BenchResult withData(double score, double scoreError, String unit, List<double[]> raw) {
        return new BenchResult(source, benchmark, mode, params, score, scoreError, unit, raw,
                raw.stream().mapToLong(f -> f.length).sum(), jdkVersion, vmName, vmVersion, jvmArgs, threads, iterationSeconds,
                secondary);
    }

    public double[] allSamples() {
        return rawData.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
    }
}
