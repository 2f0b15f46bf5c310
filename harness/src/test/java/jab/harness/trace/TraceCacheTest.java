package jab.harness.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.jdk.Jdk;

class TraceCacheTest {
    /** A trace as families keep them: a record with a list, a map and numbers. */
    record Counted(String what, List<SyscallCount.PerOperation> syscalls, Map<String, Double> exceptions) {
    }

    private static final Counted TRACE = new Counted("FILE_EXISTS missingFile",
            List.of(new SyscallCount.PerOperation("newfstatat", 1.0, 1.0), new SyscallCount.PerOperation("futex", 0.125, 0)),
            Map.of("java.nio.file.NoSuchFileException", 1.0));
    private static final Map<String, String> FACTS = Map.of("kernel", "Linux 6.1.0-40-cloud-amd64 amd64", "libc", "glibc 2.36",
            "strace", "strace -- version 6.1", "jab", "abc123", "filesystem", "ext4");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-26T11:40:00Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;
    private final AtomicInteger traced = new AtomicInteger();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private TraceCache cache(Path dir, Map<String, String> facts) {
        return new TraceCache("fs", dir, facts, false, new PrintStream(console, true, StandardCharsets.UTF_8), CLOCK);
    }

    private Counted trace() {
        traced.incrementAndGet();
        return TRACE;
    }

    private Jdk jdk(String version) throws IOException {
        Path home = Files.createDirectories(tmp.resolve("jdk-" + version));
        Files.writeString(home.resolve("release"), "JAVA_RUNTIME_VERSION=\"" + version + "\"\n");
        return new Jdk(home, version, 17, "Debian", "test");
    }

    @Test
    void aSecondRunTakesTheTraceFromTheCacheAndSaysSo() throws Exception {
        Path dir = tmp.resolve("cache");
        Jdk jdk = jdk("17.0.15+6");
        TraceCache first = cache(dir, FACTS);
        first.announce("fs: tracing the syscalls of 1 API");
        assertThat(first.get(Counted.class, jdk, List.of("FILE_EXISTS", "missingFile"), this::trace)).isEqualTo(TRACE);
        assertThat(first.notes()).isEmpty();
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("fs: tracing");

        console.reset();
        TraceCache second = cache(dir, FACTS);
        second.announce("fs: tracing the syscalls of 1 API");
        assertThat(second.get(Counted.class, jdk, List.of("FILE_EXISTS", "missingFile"), this::trace)).isEqualTo(TRACE);
        assertThat(traced).hasValue(1);
        assertThat(console.toString(StandardCharsets.UTF_8)).as("nothing traced, nothing announced").isEmpty();
        assertThat(second.notes()).singleElement().asString()
                .startsWith("fs: the syscall trace taken from the cache (")
                .contains("traced 2026-11-26 11:40", TraceCache.HOW_TO_RETRACE);
    }

    @Test
    void theKeyChangesWithEachInput() throws Exception {
        Path dir = tmp.resolve("cache");
        Jdk jdk = jdk("17.0.15+6");
        List<String> what = List.of("FILE_EXISTS", "missingFile");
        cache(dir, FACTS).get(Counted.class, jdk, what, this::trace);
        assertThat(traced).hasValue(1);

        for (String fact : FACTS.keySet()) {
            Map<String, String> other = new TreeMap<>(FACTS);
            other.put(fact, FACTS.get(fact) + "-other");
            cache(dir, other).get(Counted.class, jdk, what, this::trace);
        }
        assertThat(traced).as("a change of kernel, libc, strace, jab's build or filesystem traces again").hasValue(1 + FACTS.size());

        traced.set(0);
        cache(dir, FACTS).get(Counted.class, jdk, List.of("FILE_EXISTS", "existingFile"), this::trace);
        cache(dir, FACTS).get(Counted.class, what, this::trace); // no JDK: a C program's trace
        cache(dir, FACTS).get(Counted.class, jdk("17.0.16+8"), what, this::trace);
        Jdk elsewhere = new Jdk(jdk.home().resolveSibling("moved"), jdk.version(), 17, "Debian", "test");
        Files.createDirectories(elsewhere.home());
        Files.copy(jdk.home().resolve("release"), elsewhere.home().resolve("release"));
        cache(dir, FACTS).get(Counted.class, elsewhere, what, this::trace);
        Files.writeString(jdk.home().resolve("release"), "JAVA_RUNTIME_VERSION=\"17.0.15+6\"\nBUILD=\"rebuilt\"\n");
        cache(dir, FACTS).get(Counted.class, jdk, what, this::trace);
        new TraceCache("mmap", dir, FACTS, false, System.out, CLOCK).get(Counted.class, jdk, what, this::trace);
        assertThat(traced).as("what was traced, the JDK's version, home and release file, the family").hasValue(6);
    }

    @Test
    void aCorruptEntryIsTracedAgainWithANote() throws Exception {
        Path dir = tmp.resolve("cache");
        cache(dir, FACTS).get(Counted.class, List.of("stat", "missingFile"), this::trace);
        Path entry = onlyEntry(dir);
        Files.writeString(entry, "{\"key\": {\"family\": \"fs\", ");

        TraceCache again = cache(dir, FACTS);
        assertThat(again.get(Counted.class, List.of("stat", "missingFile"), this::trace)).isEqualTo(TRACE);
        assertThat(traced).hasValue(2);
        assertThat(again.notes()).singleElement().asString().contains("could not be read", "traced again");
        assertThat(cache(dir, FACTS).get(Counted.class, List.of("stat", "missingFile"), this::trace))
                .as("the new trace replaced the corrupt entry").isEqualTo(TRACE);
        assertThat(traced).hasValue(2);
    }

    @Test
    void anEntryOfAnotherKeyUnderTheSameNameIsNotTaken() throws Exception {
        Path dir = tmp.resolve("cache");
        cache(dir, FACTS).get(Counted.class, List.of("stat", "missingFile"), this::trace);
        Path entry = onlyEntry(dir);
        Files.writeString(entry, Files.readString(entry).replace("missingFile", "existingFile"));
        assertThat(cache(dir, FACTS).get(Counted.class, List.of("stat", "missingFile"), this::trace)).isEqualTo(TRACE);
        assertThat(traced).hasValue(2);
    }

    @Test
    void anUnwritableCacheDoesNotFailTheRun() throws Exception {
        Path file = Files.writeString(tmp.resolve("not-a-folder"), "x"); // root writes anywhere; a file in the way stops even root
        TraceCache cache = cache(file.resolve("traces"), FACTS);
        assertThat(cache.get(Counted.class, List.of("stat", "missingFile"), this::trace)).isEqualTo(TRACE);
        assertThat(cache.get(Counted.class, List.of("stat", "existingFile"), this::trace)).isEqualTo(TRACE);
        assertThat(cache.notes()).as("one note, not one per trace").singleElement().asString()
                .contains("cannot be written", "the next run traces again");
    }

    @Test
    void retraceTracesAgainAndKeepsTheNewTrace() throws Exception {
        Path dir = tmp.resolve("cache");
        cache(dir, FACTS).get(Counted.class, List.of("stat"), this::trace);
        TraceCache retrace = new TraceCache("fs", dir, FACTS, true, System.out, CLOCK);
        retrace.get(Counted.class, List.of("stat"), this::trace);
        assertThat(traced).hasValue(2);
        assertThat(retrace.notes()).singleElement().asString().contains("made again", TraceCache.RETRACE_ENV);
        cache(dir, FACTS).get(Counted.class, List.of("stat"), this::trace);
        assertThat(traced).hasValue(2);
    }

    @Test
    void aFailedTraceIsNotKept() {
        Path dir = tmp.resolve("cache");
        assertThatThrownBy(() -> cache(dir, FACTS).get(Counted.class, List.of("stat"), () -> {
            throw new IOException("strace timed out");
        })).hasMessage("strace timed out"); // the family notes it, as without a cache
        assertThat(dir).doesNotExist();
    }

    private static Path onlyEntry(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList().get(0);
        }
    }
}
