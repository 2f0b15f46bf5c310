package jab.harness.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.stats.Stats;

/**
 * Synthetic JMH results with known means, as /work/shared/checks/synth_jmh.py makes them: forks x
 * iterations of mean * (1 + N(0, noise)), seeded, so a test knows the truth it checks against.
 */
public final class Synthetic {
    public static final String BENCHMARK = "synthetic.SyntheticBenchmark.work";

    private Synthetic() {
    }

    public static BenchResult result(String mode, String unit, double mean, long seed, double noise, int forks, int iters) {
        Random rnd = new Random(seed);
        List<double[]> raw = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double[] it = new double[iters];
            for (int i = 0; i < iters; i++) {
                it[i] = mean * (1 + rnd.nextGaussian() * noise);
            }
            raw.add(it);
        }
        double[] all = raw.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        return new BenchResult("synthetic", BENCHMARK, mode, Map.of("size", "1024"), Stats.mean(all), Stats.error999(all), unit,
                raw, all.length, "17.0.15", "OpenJDK 64-Bit Server VM", "17.0.15+6", List.of(), 1, 0.2);
    }

    /** synth_jmh.py's shape: 3 forks x 10 iterations, 1% noise. */
    public static BenchResult result(String mode, String unit, double mean, long seed) {
        return result(mode, unit, mean, seed, 0.01, 3, 10);
    }

    /** Writes results as a JMH JSON array (the fields jab and JMH tools read). */
    public static Path write(Path file, BenchResult... rs) throws IOException {
        ObjectMapper m = new ObjectMapper();
        ArrayNode arr = m.createArrayNode();
        for (BenchResult r : rs) {
            ObjectNode o = arr.addObject();
            o.put("jmhVersion", "1.37");
            o.put("benchmark", r.benchmark());
            o.put("mode", r.mode());
            o.put("threads", 1);
            o.put("forks", r.rawData().size());
            o.put("jdkVersion", r.jdkVersion());
            o.put("vmName", r.vmName());
            o.put("vmVersion", r.vmVersion());
            ObjectNode p = o.putObject("params");
            r.params().forEach(p::put);
            ObjectNode pm = o.putObject("primaryMetric");
            pm.put("score", r.score());
            pm.put("scoreError", r.scoreError());
            pm.put("scoreUnit", r.unit());
            ArrayNode raw = pm.putArray("rawData");
            r.rawData().forEach(f -> {
                ArrayNode a = raw.addArray();
                for (double x : f) {
                    a.add(x);
                }
            });
            o.putObject("secondaryMetrics");
        }
        m.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), arr);
        return file;
    }
}
