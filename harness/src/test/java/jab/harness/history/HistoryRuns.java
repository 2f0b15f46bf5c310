package jab.harness.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.results.Comparisons;
import jab.harness.stats.RatioVerdict;

/**
 * Run directories made for the history's tests: env.json as jab run writes it (a machine, a timestamp,
 * jab's commit) and comparisons.json with two questions whose forks' slices are drawn with noise, so the
 * ratios and their intervals come from jab's own code ({@link Comparisons.Asked#withRatios}). From run
 * {@code stepFrom} on, File.exists()'s slices cost {@code step} times more.
 */
final class HistoryRuns {
    static final String STEPPED = "which existence check on a missing file";
    private static final ObjectMapper JSON = new ObjectMapper();

    private HistoryRuns() {
    }

    /** {@code n} runs under {@code dir}, run00 to run{n-1}, a day apart; commit i is "{i:02x}c0ffee" and 32 zeros. */
    static List<Path> series(Path dir, int n, int stepFrom, double step, long seed) throws IOException {
        Random rnd = new Random(seed);
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(run(dir.resolve(String.format("run%02d", i)), i, i >= stepFrom ? step : 1, rnd));
        }
        return out;
    }

    static String commit(int i) {
        return String.format("%02xc0ffee", i) + "0".repeat(32);
    }

    static Path run(Path dir, int i, double step, Random rnd) throws IOException {
        Files.createDirectories(dir);
        ObjectNode env = JSON.createObjectNode();
        env.put("formatVersion", 2);
        env.put("date", String.format("2026-10-%02d", i + 1));
        env.put("timestamp", String.format("2026-10-%02dT03:00:00Z", i + 1));
        env.put("host", "vm");
        ObjectNode os = env.putObject("os");
        os.put("name", "Debian GNU/Linux 12 (bookworm)");
        os.put("arch", "amd64");
        os.put("virtualization", "kvm");
        env.putObject("cpu").put("model", "AMD EPYC").put("logicalThreads", 2);
        env.putObject("memory").put("totalBytes", 25276514304L);
        env.putArray("jvms").addObject().put("id", "17").put("version", "17.0.15+6").put("vendor", "Debian");
        env.putObject("jab").put("version", "0.1.0-SNAPSHOT").put("commit", commit(i));
        ObjectNode run = env.putObject("run");
        run.put("command", "jab run fs");
        run.put("profile", "default");
        run.put("status", "complete");
        JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("env.json").toFile(), env);
        Comparisons doc = new Comparisons(Comparisons.FORMAT_VERSION, RatioVerdict.DEFAULT_BAND, List.of(
                question(STEPPED, List.of("FILE_EXISTS", "FILES_EXISTS", "FILES_NOT_EXISTS"), Map.of("FILE_EXISTS", step), rnd),
                question("which Java write strategy", List.of("BUFFERED", "MAPPED"), Map.of(), rnd)));
        JSON.writeValue(dir.resolve("comparisons.json").toFile(), doc);
        return dir;
    }

    /** Four forks of 30 rounds; each slice its variant's cost times the fork's, the round's and its own noise. */
    private static Comparisons.Asked question(String title, List<String> variants, Map<String, Double> factor, Random rnd) {
        List<Comparisons.Fork> forks = new ArrayList<>();
        for (int f = 0; f < 4; f++) {
            double forkLevel = Math.exp(0.01 * rnd.nextGaussian());
            List<Comparisons.Round> rounds = new ArrayList<>();
            for (int r = 0; r < 30; r++) {
                double roundLevel = Math.exp(0.05 * rnd.nextGaussian());
                List<Double> scores = new ArrayList<>();
                for (int v = 0; v < variants.size(); v++) {
                    scores.add((1 + v) * factor.getOrDefault(variants.get(v), 1.0) * forkLevel * roundLevel * Math.exp(0.02 * rnd.nextGaussian()));
                }
                rounds.add(new Comparisons.Round(variants, scores));
            }
            forks.add(new Comparisons.Fork(f, rounds));
        }
        List<Comparisons.Variant> details = variants.stream()
                .map(v -> new Comparisons.Variant(v, v.equals("FILE_EXISTS") ? "File.exists()" : v, "x.Bench." + v, Map.of(), "us/op")).toList();
        return new Comparisons.Asked(title, "fs", "17", Map.of("files", "1000"), variants, variants.get(0), details, false, "",
                new Comparisons.Slices("12 ms", 50, 30, 19.0), forks, List.of(), jab.harness.stats.SequentialDesign.FIXED).withRatios(RatioVerdict.DEFAULT_BAND);
    }
}
