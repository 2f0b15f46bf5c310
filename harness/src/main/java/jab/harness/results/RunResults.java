package jab.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

/**
 * A run directory read back from disk (file names: {@link RunStore}): env.json (optional), jmh-ID.json
 * per JDK, native.json, timings.json, side documents. Everything downstream of {@code jab run}
 * (summary, compare, report) starts here. Reads format 1 (no formatVersion) and format 2.
 */
public final class RunResults {
    private static final ObjectMapper DOCUMENTS = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private final Path dir;
    private final JsonNode env;
    private final RunRecord record;
    private final Map<String, List<BenchResult>> jmhByJdk;
    private final List<BenchResult> baselines;
    private final List<BenchResult> timings;

    private RunResults(Path dir, JsonNode env, Map<String, List<BenchResult>> jmhByJdk, List<BenchResult> baselines,
                       List<BenchResult> timings) {
        this.dir = dir;
        this.env = env;
        this.record = RunRecord.of(env);
        this.jmhByJdk = jmhByJdk;
        this.baselines = baselines;
        this.timings = timings;
    }

    public static RunResults read(Path dir) throws IOException {
        JsonNode env = null;
        Path envFile = dir.resolve(RunStore.ENV);
        if (Files.isRegularFile(envFile)) {
            env = new ObjectMapper().readTree(envFile.toFile());
        }
        Map<String, List<BenchResult>> byJdk = new LinkedHashMap<>();
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "jmh-*.json")) {
            ds.forEach(files::add);
        }
        files.sort(Comparator.comparing(RunResults::jdkOrder).thenComparing(Path::toString));
        for (Path f : files) {
            String id = jdkId(f);
            byJdk.put(id, JmhJson.read(f, id));
        }
        return new RunResults(dir, env, byJdk, readIfThere(dir.resolve(RunStore.NATIVE)), readIfThere(dir.resolve(RunStore.TIMINGS)));
    }

    private static List<BenchResult> readIfThere(Path file) {
        return Files.isRegularFile(file) ? JmhJson.read(file, "native") : List.of();
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

    /** env.json's run block: what the run was asked to do and what happened as it went; {@link RunRecord#NONE} without env.json. */
    public RunRecord record() {
        return record;
    }

    /** 2 for runs written with a formatVersion, 1 for the runs before it. */
    public int formatVersion() {
        return env == null ? 1 : env.path("formatVersion").asInt(1);
    }

    /** The families env.json says the run selected; empty without env.json. */
    public List<String> familyNames() {
        return record.request().families();
    }

    /** The run's notes, as env.json keeps them. */
    public List<String> notes() {
        return record.notes();
    }

    /**
     * Notes that format 1 kept in side documents (a top-level "notes" array) rather than in env.json;
     * empty for later formats, whose notes are all in {@link #notes()}.
     */
    public List<String> legacyNotes() {
        List<String> out = new ArrayList<>();
        if (formatVersion() >= 2) {
            return out;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.json")) {
            for (Path f : ds) {
                String name = f.getFileName().toString();
                if (!name.equals(RunStore.ENV) && !name.equals(RunStore.NATIVE) && !name.startsWith("jmh-")) {
                    JsonNode doc = DOCUMENTS.readTree(f.toFile());
                    doc.path("notes").forEach(n -> out.add(n.asText()));
                }
            }
        } catch (IOException e) {
            out.add("notes of " + dir + " unreadable: " + e.getMessage());
        }
        return out;
    }

    public List<String> jdkIds() {
        return new ArrayList<>(jmhByJdk.keySet());
    }

    public List<BenchResult> jmh(String jdkId) {
        return jmhByJdk.getOrDefault(jdkId, List.of());
    }

    /**
     * The results of a JDK as every table shows them: each interleaved question's variant scored over
     * its interleaved forks, the rest as JMH measured them ({@link InterleavedScores}); {@link #jmh}
     * keeps JMH's own, solo forks included.
     */
    public List<BenchResult> scores(String jdkId) {
        return InterleavedScores.of(jmh(jdkId), jdkId, jvmVersion(jdkId), document(Comparisons.NAME, Comparisons.class));
    }

    /** The JDK's full version as env.json lists it ("17.0.15+6-Debian-1deb12u1"); empty where it does not. */
    private String jvmVersion(String jdkId) {
        for (JsonNode j : env().map(e -> e.path("jvms")).orElse(MissingNode.getInstance())) {
            if (j.path("id").asText().equals(jdkId)) {
                return j.path("version").asText("");
            }
        }
        return "";
    }

    public List<BenchResult> allJmh() {
        return jmhByJdk.values().stream().flatMap(List::stream).collect(Collectors.toList());
    }

    /** native.json: native baselines (in format 1 also the timings, which had no file of their own). */
    public List<BenchResult> baselines() {
        return baselines;
    }

    /** timings.json: timings made outside JMH that are not a native floor (empty in format 1). */
    public List<BenchResult> timings() {
        return timings;
    }

    /** Everything measured outside JMH, baselines and timings: where a family looks up its own names. */
    public List<BenchResult> outsideJmh() {
        return Stream.concat(baselines.stream(), timings.stream()).toList();
    }

    /** A side document read back as the record (or list of records) its family wrote. */
    public <T> Optional<T> document(String name, Class<T> type) {
        Path f = dir.resolve(RunStore.document(name));
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            return Optional.of(DOCUMENTS.readValue(f.toFile(), type));
        } catch (IOException e) {
            throw new IllegalStateException(f + " is not a readable " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /** A list-shaped side document. */
    public <T> List<T> documentList(String name, Class<T> element) {
        Path f = dir.resolve(RunStore.document(name));
        if (!Files.isRegularFile(f)) {
            return List.of();
        }
        try {
            return DOCUMENTS.readValue(f.toFile(), DOCUMENTS.getTypeFactory().constructCollectionType(List.class, element));
        } catch (IOException e) {
            throw new IllegalStateException(f + " is not a readable list of " + element.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /** JMH's text output of one JDK, or "" when the run has none. */
    public String jmhLog(String jdkId) {
        return text(RunStore.jmhLog(jdkId)).orElse("");
    }

    /** A text file of the run (format 1 side files that were not JSON). */
    public Optional<String> text(String fileName) {
        Path f = dir.resolve(fileName);
        try {
            return Files.isRegularFile(f) ? Optional.of(Files.readString(f, StandardCharsets.UTF_8)) : Optional.empty();
        } catch (IOException e) {
            throw new IllegalStateException(f + " unreadable: " + e.getMessage(), e);
        }
    }

    /** Results that satisfy a predicate (a family's package, a benchmark name, ...). */
    public static List<BenchResult> filter(List<BenchResult> results, Predicate<BenchResult> p) {
        return results.stream().filter(p).collect(Collectors.toList());
    }
}
