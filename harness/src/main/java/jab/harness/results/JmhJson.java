package jab.harness.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import jab.harness.UsageException;

/**
 * Reads JMH's JSON result format: an array of results, numbers possibly written as the strings
 * "NaN", "INF" or "-INF", sample-mode rawDataHistogram instead of rawData, rawData missing entirely.
 */
public final class JmhJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    private JmhJson() {
    }

    /** Reads a file; anything that is not JMH JSON is a usage error naming the file. */
    public static List<BenchResult> read(Path file, String source) {
        JsonNode root;
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new UsageException(file + " is not JMH JSON: " + firstLine(e.getMessage()));
        }
        if (root == null || !root.isArray()) {
            throw new UsageException(file + " is not JMH JSON: expected an array of results");
        }
        List<BenchResult> out = new ArrayList<>();
        for (JsonNode r : root) {
            if (!r.has("benchmark") || !r.has("primaryMetric")) {
                throw new UsageException(file + " is not JMH JSON: a result without benchmark or primaryMetric");
            }
            JmhShape.check(r, file, out.size());
            out.add(parse(r, source));
        }
        return out;
    }

    static BenchResult parse(JsonNode r, String source) {
        JsonNode pm = r.get("primaryMetric");
        Map<String, String> params = new LinkedHashMap<>();
        JsonNode p = r.get("params");
        if (p != null) {
            Iterator<Map.Entry<String, JsonNode>> it = p.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                params.put(e.getKey(), e.getValue().asText());
            }
        }
        List<double[]> raw = rawData(pm);
        long samples = raw.stream().mapToLong(f -> f.length).sum();
        List<String> jvmArgs = new ArrayList<>();
        if (r.has("jvmArgs")) {
            r.get("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
        }
        return new BenchResult(source, r.get("benchmark").asText(), text(r, "mode"), params,
                number(pm.get("score")), number(pm.get("scoreError")), text(pm, "scoreUnit"), raw, samples,
                text(r, "jdkVersion"), text(r, "vmName"), text(r, "vmVersion"), jvmArgs,
                r.path("threads").asInt(1), "ss".equals(text(r, "mode")) ? Double.NaN : seconds(text(r, "measurementTime")),
                secondary(r));
    }

    /** Each secondary metric's score (a profiler's figures, e.g. the gc profiler's allocation per op). */
    private static Map<String, Double> secondary(JsonNode r) {
        Map<String, Double> out = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = r.path("secondaryMetrics").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), number(e.getValue().get("score")));
        }
        return out;
    }

    private static final java.util.regex.Pattern TIME = java.util.regex.Pattern.compile("\\s*([0-9.]+)\\s*(ns|us|ms|s|min|m|hr|h)\\s*");

    /** JMH's iteration time ("400 ms", "1 s", "10 min") in seconds; NaN when absent or unreadable. */
    static double seconds(String time) {
        java.util.regex.Matcher m = TIME.matcher(time);
        if (!m.matches()) {
            return Double.NaN;
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "ns" -> v * 1e-9;
            case "us" -> v * 1e-6;
            case "ms" -> v * 1e-3;
            case "s" -> v;
            case "min", "m" -> v * 60;
            default -> v * 3600;
        };
    }

    private static List<double[]> rawData(JsonNode pm) {
        List<double[]> forks = new ArrayList<>();
        JsonNode raw = pm.get("rawData");
        if (raw != null && raw.isArray()) {
            for (JsonNode fork : raw) {
                double[] xs = new double[fork.size()];
                for (int i = 0; i < xs.length; i++) {
                    xs[i] = number(fork.get(i));
                }
                forks.add(xs);
            }
            return forks;
        }
        // sample mode: per fork, per iteration, a list of [value, count] pairs. Expand each iteration
        // to its mean so comparisons see one figure per iteration, as for the other modes.
        JsonNode hist = pm.get("rawDataHistogram");
        if (hist != null && hist.isArray()) {
            for (JsonNode fork : hist) {
                double[] xs = new double[fork.size()];
                for (int i = 0; i < xs.length; i++) {
                    double sum = 0;
                    long n = 0;
                    for (JsonNode pair : fork.get(i)) {
                        double v = number(pair.get(0));
                        long c = pair.get(1).asLong();
                        sum += v * c;
                        n += c;
                    }
                    xs[i] = n == 0 ? Double.NaN : sum / n;
                }
                forks.add(xs);
            }
        }
        return forks;
    }

    static double number(JsonNode n) {
        if (n == null || n.isNull()) {
            return Double.NaN;
        }
        if (n.isNumber()) {
            return n.asDouble();
        }
        String s = n.asText().trim();
        switch (s) {
            case "NaN":
                return Double.NaN;
            case "INF":
            case "Infinity":
            case "+INF":
                return Double.POSITIVE_INFINITY;
            case "-INF":
            case "-Infinity":
                return Double.NEGATIVE_INFINITY;
            default:
                try {
                    return Double.parseDouble(s);
                } catch (NumberFormatException e) {
                    return Double.NaN;
                }
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode n = node.get(field);
        return n == null || n.isNull() ? "" : n.asText();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
