package jab.harness.trace;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import jab.harness.jdk.Jdk;

/**
 * Syscall traces kept between runs. What strace shows a program doing is a fact of the program
 * (jab's code, and for a JVM the JDK build), of the kernel and of the C library, not of the moment
 * ({@link TracedOn}): traced once, it holds until one of them changes, so a second run takes it from
 * here instead of starting dozens of JVMs under strace again. Timings are never kept: they are facts
 * of the moment.
 *
 * <p>One JSON file per trace under {@code $XDG_CACHE_HOME/jab/traces} (else {@code ~/.cache/jab/traces}),
 * named by a hash of its key and holding the key itself, written whole (aside, then moved in). An
 * entry that cannot be read is traced again, and a folder that cannot be written costs the next run
 * its traces, never this run: each is a note. A failed trace is not kept: it throws, as it would
 * without a cache.
 */
public final class TraceCache {
    /** Set (to anything but 0 or false) to trace again and replace what is kept; so does -Djab.retrace=true. */
    public static final String RETRACE_ENV = "JAB_RETRACE";
    public static final String RETRACE_PROPERTY = "jab.retrace";
    /** How a user asks for fresh traces, as the notes say it. */
    static final String HOW_TO_RETRACE = "--retrace (or " + RETRACE_ENV + "=1) traces again";
    /** A getter a trace's record derives from its fields is written, and ignored when read back. */
    private static final ObjectMapper MAPPER = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    /** A trace to make when none is kept. */
    @FunctionalInterface
    public interface Trace<T> {
        T run() throws Exception;
    }

    /**
     * What an entry holds for; equal keys, equal traces.
     *
     * @param what     what was traced, in the family's words (a scenario and its params)
     * @param jdk      the JDK build of a JVM's trace ({@link TracedOn#of}); empty for a C program
     * @param tracedOn the kernel, C library, strace, the code of jab's the traces run and read, and the filesystem
     */
    record Key(String family, List<String> what, Map<String, String> jdk, Map<String, String> tracedOn) {
        Key {
            what = List.copyOf(what);
            jdk = new TreeMap<>(jdk); // sorted, so the same key is the same JSON and the same file name
            tracedOn = new TreeMap<>(tracedOn);
        }
    }

    /** An entry on disk: its key, when it was traced (an ISO instant), and the trace as JSON. */
    record Entry(Key key, String traced, JsonNode value) {
    }

    private final String family;
    private final Path dir; // null: keeps nothing (jab verify shows what happens now)
    private final Map<String, String> tracedOn;
    private final boolean retrace;
    private final PrintStream log;
    private final Clock clock;
    private final List<String> problems = new ArrayList<>();
    private int taken;
    private int traced;
    private Instant oldest;
    private Instant newest;
    private String announcement;
    private boolean unwritable;

    TraceCache(String family, Path dir, Map<String, String> tracedOn, boolean retrace, PrintStream log, Clock clock) {
        this.family = family;
        this.dir = dir;
        this.tracedOn = tracedOn;
        this.retrace = retrace;
        this.log = log;
        this.clock = clock;
    }

    /** The cache of a family's run, for traces whose files go under {@code workDir}. */
    public static TraceCache open(String family, Path workDir, PrintStream log) {
        return new TraceCache(family, defaultDir(), TracedOn.here(family, workDir), retraceAsked(), log, Clock.systemDefaultZone());
    }

    /** No cache: every trace is made (a verify command proves what happens now). */
    public static TraceCache off(String family) {
        return new TraceCache(family, null, Map.of(), true, System.out, Clock.systemDefaultZone());
    }

    static Path defaultDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("jab").resolve("traces");
    }

    private static boolean retraceAsked() {
        String env = System.getenv(RETRACE_ENV);
        return Boolean.getBoolean(RETRACE_PROPERTY)
                || env != null && !env.isBlank() && !env.equals("0") && !env.equalsIgnoreCase("false");
    }

    /**
     * A line to print before the first trace this cache makes ("fs: tracing ..."), and not at all
     * when every trace is taken from the cache; a later one replaces one not yet printed.
     */
    public synchronized void announce(String line) {
        announcement = line;
    }

    /** The kept trace of a C program (or anything no JDK runs), else {@code trace} made now and kept. */
    public <T> T get(Class<T> type, List<String> what, Trace<T> trace) throws Exception {
        return get(type, new Key(family, what, Map.of(), tracedOn), trace);
    }

    /** The kept trace of a JVM of {@code jdk}, else {@code trace} made now and kept. */
    public <T> T get(Class<T> type, Jdk jdk, List<String> what, Trace<T> trace) throws Exception {
        return get(type, new Key(family, what, TracedOn.of(jdk), tracedOn), trace);
    }

    private <T> T get(Class<T> type, Key key, Trace<T> trace) throws Exception {
        Path file = dir == null ? null : dir.resolve(family + "-" + hash(key) + ".json");
        if (file != null && !retrace && Files.exists(file)) {
            try {
                Entry e = MAPPER.readValue(file.toFile(), Entry.class);
                if (!key.equals(e.key())) {
                    throw new IOException("it holds another key");
                }
                T kept = MAPPER.treeToValue(e.value(), type);
                synchronized (this) {
                    seen(Instant.parse(e.traced()));
                    taken++;
                }
                return kept;
            } catch (IOException | RuntimeException ex) {
                synchronized (this) {
                    problems.add(family + ": the cached trace " + shown(file) + " could not be read (" + firstLine(ex)
                            + "), so it was traced again");
                }
            }
        }
        synchronized (this) {
            if (announcement != null) {
                log.println(announcement);
                announcement = null;
            }
        }
        // outside the lock: traces may be made several at a time (TracesAtOnce)
        T value = trace.run();
        synchronized (this) {
            traced++;
            if (file != null) {
                keep(file, new Entry(key, clock.instant().toString(), MAPPER.valueToTree(value)));
            }
        }
        return value;
    }

    private void keep(Path file, Entry entry) {
        if (unwritable) {
            return;
        }
        try {
            Files.createDirectories(dir);
            Path aside = Files.createTempFile(dir, "." + family + "-", ".tmp");
            Files.writeString(aside, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(entry), StandardCharsets.UTF_8);
            Files.move(aside, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            unwritable = true; // one note, not one per trace
            problems.add(family + ": the trace cache " + shown(dir) + " cannot be written (" + firstLine(e)
                    + "), so the next run traces again");
        }
    }

    private void seen(Instant when) {
        oldest = oldest == null || when.isBefore(oldest) ? when : oldest;
        newest = newest == null || when.isAfter(newest) ? when : newest;
    }

    /**
     * What the run must say about the traces: once, where they came from when the cache gave any
     * (where it is, when they were traced, how to trace again), and what went wrong with it.
     */
    public synchronized List<String> notes() {
        List<String> out = new ArrayList<>();
        if (taken > 0) {
            out.add(family + ": " + (traced == 0 ? (taken == 1 ? "the" : "all " + taken) : taken + " of " + (taken + traced))
                    + " syscall trace" + (taken + traced == 1 ? "" : "s") + " taken from the cache (" + shown(dir) + ", traced "
                    + when() + " with this JDK build, kernel, C library and the jab code they run)"
                    + (traced == 0 ? "" : "; " + traced + " traced now") + "; " + HOW_TO_RETRACE);
        } else if (retrace && dir != null && traced > 0) {
            out.add(family + ": " + traced + " syscall trace" + (traced == 1 ? "" : "s") + " made again, as --retrace or " + RETRACE_ENV
                    + " asks, and kept in the cache (" + shown(dir) + ")");
        }
        out.addAll(problems);
        return out;
    }

    /** "2026-11-26 11:40", or "2026-11-26 11:40 to 11:42" when the kept traces were made over minutes. */
    private String when() {
        String first = MINUTE.format(oldest.atZone(clock.getZone()));
        String last = MINUTE.format(newest.atZone(clock.getZone()));
        if (first.equals(last)) {
            return first;
        }
        boolean sameDay = first.substring(0, 10).equals(last.substring(0, 10));
        return first + " to " + (sameDay ? last.substring(11) : last);
    }

    /** A path of the cache as a user types it: ~ for the home folder. */
    private static String shown(Path dir) {
        Path home = Path.of(System.getProperty("user.home"));
        return dir.startsWith(home) && !home.toString().equals("/") ? "~/" + home.relativize(dir) : dir.toString();
    }

    /** "AccessDeniedException: /root/.cache/jab": the kind too, as some messages are a bare path. */
    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("");
        return e.getClass().getSimpleName() + m;
    }

    private static String hash(Key key) throws IOException {
        byte[] json = MAPPER.writeValueAsBytes(key);
        return HexFormat.of().formatHex(JabBuild.sha256().digest(json)).substring(0, 32);
    }
}
