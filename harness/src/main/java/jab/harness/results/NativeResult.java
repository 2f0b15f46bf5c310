package jab.harness.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.stats.Stats;

/**
 * A measurement made outside JMH (a C baseline, a whole-process timing), written in JMH's JSON
 * shape so every reader of jmh-*.json reads native.json too. {@code rawData} holds one array per
 * process run ("fork") of per-iteration scores, as JMH does.
 *
 * @param benchmark e.g. {@code native.fs.stat.existingFile}
 * @param mode      avgt, ss, thrpt (JMH's short names)
 * @param unit      e.g. us/op
 * @param params    the same params as the JVM results it stands beside
 * @param rawData   per fork, per iteration scores
 * @param tool      what measured it (e.g. "C stat(2), gcc 12.2.0 -O2")
 * @param secondary figures measured alongside, written as JMH's secondary metrics: what the run found
 *                  (a parent's resident size), not what identifies the result, so unlike params they
 *                  do not keep two runs' results apart
 */
public record NativeResult(String benchmark, String mode, String unit, Map<String, String> params,
                           List<double[]> rawData, String tool, int warmupIterations, Map<String, Secondary> secondary) {

    /** A secondary metric's figure and unit. */
    public record Secondary(double score, String unit) {
    }

    public NativeResult {
        secondary = Map.copyOf(secondary);
    }

    public NativeResult(String benchmark, String mode, String unit, Map<String, String> params, List<double[]> rawData,
                        String tool, int warmupIterations) {
        this(benchmark, mode, unit, params, rawData, tool, warmupIterations, Map.of());
    }

    /** A measurement without warm-up iterations (each sample a whole run, as end-to-end timings are). */
    public NativeResult(String benchmark, String mode, String unit, Map<String, String> params, List<double[]> rawData,
                        String tool) {
        this(benchmark, mode, unit, params, rawData, tool, 0);
    }

    public double[] samples() {
        return rawData.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    public double score() {
        return Stats.mean(samples());
    }

    public ObjectNode toJson(ObjectMapper mapper) {
        double[] all = samples();
        double score = Stats.mean(all);
        double err = Stats.error999(all);
        ObjectNode r = mapper.createObjectNode();
        r.put("jmhVersion", "n/a");
        r.put("benchmark", benchmark);
        r.put("mode", mode);
        r.put("threads", 1);
        r.put("forks", rawData.size());
        r.put("jvm", "native");
        r.putArray("jvmArgs");
        r.put("jdkVersion", "native");
        r.put("vmName", tool);
        r.put("vmVersion", "native");
        r.put("warmupIterations", warmupIterations);
        r.put("measurementIterations", rawData.isEmpty() ? 0 : rawData.get(0).length);
        ObjectNode p = r.putObject("params");
        params.forEach(p::put);
        ObjectNode pm = r.putObject("primaryMetric");
        pm.put("score", score);
        putNumber(pm, "scoreError", err);
        ArrayNode conf = pm.putArray("scoreConfidence");
        conf.add(Double.isNaN(err) ? score : score - err);
        conf.add(Double.isNaN(err) ? score : score + err);
        ObjectNode pct = pm.putObject("scorePercentiles");
        for (double q : new double[] {0, 50, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 100}) {
            pct.put(q == Math.rint(q) ? String.format("%.1f", q) : Double.toString(q), Stats.percentile(all, q));
        }
        pm.put("scoreUnit", unit);
        ArrayNode raw = pm.putArray("rawData");
        for (double[] fork : rawData) {
            ArrayNode f = raw.addArray();
            for (double x : fork) {
                f.add(x);
            }
        }
        ObjectNode sm = r.putObject("secondaryMetrics");
        secondary.forEach((name, m) -> {
            ObjectNode one = sm.putObject(name);
            one.put("score", m.score());
            putNumber(one, "scoreError", Double.NaN);
            one.putArray("scoreConfidence").add(m.score()).add(m.score());
            one.put("scoreUnit", m.unit());
            one.putArray("rawData").addArray().add(m.score());
        });
        return r;
    }

    /** JMH writes NaN as a string; so do we. */
    private static void putNumber(ObjectNode node, String field, double v) {
        if (Double.isFinite(v)) {
            node.put(field, v);
        } else {
            node.put(field, Double.isNaN(v) ? "NaN" : (v > 0 ? "INF" : "-INF"));
        }
    }

    /** Writes results as a JMH-style JSON array. */
    public static void writeAll(List<NativeResult> results, java.nio.file.Path file) throws java.io.IOException {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode arr = mapper.createArrayNode();
        results.forEach(r -> arr.add(r.toJson(mapper)));
        mapper.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), arr);
    }

    public static Map<String, String> params(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    public static List<double[]> oneFork(double[] iterations) {
        List<double[]> l = new ArrayList<>();
        l.add(iterations);
        return l;
    }
}
