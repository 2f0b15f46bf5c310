package jab.harness.results;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A run directory read back from disk: env.json (optional), jmh-ID.json per JDK, native.json.
 * Everything downstream of {@code jab run} (summary, compare, report) starts here.
 */
public final class RunResults {
    private final Path dir;
    private final JsonNode env;
    private final Map<String, List<BenchResult>> jmhByJdk;
    private final List<BenchResult> nativeResults;

    private RunResults(Path dir, JsonNode env, Map<String, List<BenchResult>> jmhByJdk, List<BenchResult> nativeResults) {
        this.dir = dir;
        this.env = env;
        this.jmhByJdk = jmhByJdk;
        this.nativeResults = nativeResults;
    }

    public static RunResults read(Path dir) throws IOException {
        JsonNode env = null;
        Path envFile = dir.resolve("env.json");
        if (Files.isRegularFile(envFile)) {
            env = new ObjectMapper().readTree(envFile.toFile());
        }
        Map<String, List<BenchResult>> byJdk = new LinkedHashMap<>();
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "jmh-*.json")) {
            ds.forEach(files::add);
        }
        files.sort(java.util.Comparator.comparing(RunResults::jdkOrder).thenComparing(Path::toString));
        for (Path f : files) {
            String id = jdkId(f);
            byJdk.put(id, JmhJson.read(f, id));
        }
        Path nat = dir.resolve("native.json");
        List<BenchResult> natives = Files.isRegularFile(nat) ? JmhJson.read(nat, "native") : List.of();
        return new RunResults(dir, env, byJdk, natives);
    }

    /** {@code jmh-17.json} is JDK id {@code 17}. */
    public static String jdkId(Path jmhFile) {
        String name = jmhFile.getFileName().toString();
        return name.substring("jmh-".length(), name.length() - ".json".length());
    }

    private static int jdkOrder(Path f) {
        String id = jdkId(f);
        try {
            return Integer.parseInt(id.replaceAll("\\D.*$", ""));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    public Path dir() {
        return dir;
    }

    public Optional<JsonNode> env() {
        return Optional.ofNullable(env);
    }

    public List<String> jdkIds() {
        return new ArrayList<>(jmhByJdk.keySet());
    }

    public List<BenchResult> jmh(String jdkId) {
        return jmhByJdk.getOrDefault(jdkId, List.of());
    }

    public List<BenchResult> allJmh() {
        return jmhByJdk.values().stream().flatMap(List::stream).collect(Collectors.toList());
    }

    public List<BenchResult> nativeResults() {
        return nativeResults;
    }

    /** Results whose benchmark name starts with a prefix (a family's package, native.fs., ...). */
    public static List<BenchResult> filter(List<BenchResult> results, Predicate<BenchResult> p) {
        return results.stream().filter(p).collect(Collectors.toList());
    }
}
