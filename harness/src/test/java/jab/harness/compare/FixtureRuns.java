package jab.harness.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Copies of the Linux fixture run, and its results made faster or slower, for comparisons with a known answer. */
public final class FixtureRuns {
    private static final ObjectMapper JSON = new ObjectMapper();

    private FixtureRuns() {
    }

    /** The fixture run's files copied into {@code dir} (created). */
    public static Path copy(Path dir) throws IOException {
        Files.createDirectories(dir);
        try (Stream<Path> files = Files.list(Fixtures.run("linux-run"))) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        return dir;
    }

    /** Every score and raw sample of a results file (jmh-*.json, native.json) times {@code factor}. */
    public static void scale(Path file, double factor) throws IOException {
        JsonNode results = JSON.readTree(file.toFile());
        for (JsonNode r : results) {
            ObjectNode metric = (ObjectNode) r.path("primaryMetric");
            metric.put("score", metric.path("score").asDouble() * factor);
            for (JsonNode fork : metric.path("rawData")) {
                ArrayNode f = (ArrayNode) fork;
                for (int i = 0; i < f.size(); i++) {
                    f.set(i, f.get(i).asDouble() * factor);
                }
            }
        }
        JSON.writeValue(file.toFile(), results);
    }
}
