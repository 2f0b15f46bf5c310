package jab.harness.mmap;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.bench.mmap.WriteStrategy;
import jab.harness.UsageException;
import jab.harness.baseline.NativeBuild;
import jab.harness.baseline.SyscallsLibrary;
import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Measurement;
import jab.harness.family.Profile;
import jab.harness.family.Question;
import jab.harness.family.RunContext;
import jab.harness.family.Subcommand;
import jab.harness.jdk.Jdk;
import jab.harness.page.Page;
import jab.harness.results.NativeResult;
import jab.harness.results.RunResults;
import jab.harness.trace.TraceCache;
import jab.mmap.MappedFileWriter;

/**
 * Sequential file writes in 1k/4k/16k chunks: jab's memory-mapped writer against FileChannel,
 * RandomAccessFile and BufferedOutputStream from Java, seed 004's seven strategies from JRuby, and
 * C write(2) and mmap+memcpy in the same run; the call cost of each JRuby strategy without page faults,
 * and seed 004's claims judged on it.
 */
public final class MmapFamily implements Family {
    /** write(2) through JNI: the in-process floor of the Java write strategies. */
    static final String WRITE_FLOOR = "jab.bench.mmap.WriteFloorBenchmark.writeFile";
    private final SyscallsLibrary syscalls = new SyscallsLibrary(new NativeBuild());

    @Override
    public String name() {
        return "mmap";
    }

    @Override
    public String description() {
        return "sequential writes of a whole file in 1k/4k/16k chunks: jab's mmap writer, FileChannel (heap, direct), "
                + "RandomAccessFile, BufferedOutputStream, MemorySegment (JDK 22+), seven JRuby strategies; native write/mmap";
    }

    /**
     * Seed 003's and 004's questions: which Java write strategy (at the chunk size held fixed, 4 KiB
     * by default), and which JRuby strategy, per call (JRubyCallCostBenchmark) and for a whole file.
     */
    @Override
    public List<Question> questions(List<BenchmarkListEntry> benchmarks) {
        return List.of(
                Question.overParam("which Java write strategy", "strategy", "BUFFERED_OUTPUT_STREAM",
                        benchmarkPackage() + "SequentialWriteBenchmark.writeFile")
                        .withFloor("syscall:write", "write(2) from the fork (JNI)", WRITE_FLOOR),
                Question.overParam("which JRuby strategy, cost per call", "rubyStrategy", "RUBY_FILE",
                        benchmarkPackage() + "JRubyCallCostBenchmark.writeChunk"),
                Question.overParam("which JRuby strategy, a whole file", "rubyStrategy", "RUBY_FILE",
                        benchmarkPackage() + "JRubyWriteBenchmark.writeFromRuby"));
    }

    /** The JRuby strategies the default profile compares per call (thorough: all of them). */
    static final java.util.Set<String> DEFAULT_RUBY_STRATEGIES = java.util.Set.of("RUBY_FILE", "EXT_MMAP_UNSAFE", "JAVA_MMAP_SAFE",
            "JAVA_MMAP_AUTOBOXING");

    /**
     * Single shot: an iteration is one file; warmup files let the JIT (and JRuby's) compile the loop.
     * The call-cost benchmark (avgt) uses the times. Smoke takes as many iterations as default: it
     * proves the family runs, and seed 004's claims are judged on the questions' answers.
     */
    @Override
    public JmhSettings settings(Profile profile) {
        return switch (profile) {
            case SMOKE -> JmhSettings.of(1, 1, "500ms", 5, "200ms")
                    .withParams(Map.of("totalBytes", new String[] {"4194304"}));
            // seed 004's total
            case THOROUGH -> JmhSettings.of(2, 2, "1s", 5, "1s").withParams(Map.of("totalBytes", new String[] {"2048000000"}));
            // One chunk size into 64 MiB files: a JRuby fork takes seconds to start (about 6 s per
            // result in smoke), so every chunk size at 256 MiB would take most of a default run's
            // time alone; thorough and -p chunkSize=... give the rest. The JRuby whole-file question
            // (three interleaved forks of 39 s and seven solo forks, 2.8 min of a 34-min run) is
            // thorough's: the cost per call answers which strategy to pick. Each JRuby variant boots
            // a JRuby of its own (an interleaved fork of seven took 59 s, a solo fork 13 s), so the
            // cost per call asks of four: Ruby's File, the fastest, the safe Java mapping and autoboxing.
            // Iterations of half a second: a call costs about a microsecond and a 64 MiB file tens of
            // milliseconds, so each holds thousands of calls or several files; with 1 s the ten solo
            // forks alone took 65 s, and each JRuby variant 40 warm-up rounds of an interleaved fork.
            case DEFAULT -> JmhSettings.of(3, 2, "500ms", 5, "500ms").withParams(Map.of(
                    "chunkSize", new String[] {"4096"}, "totalBytes", new String[] {"67108864"}))
                    .only(v -> !v.method().equals("writeFromRuby")
                            && (v.param("rubyStrategy").isEmpty() || DEFAULT_RUBY_STRATEGIES.contains(v.param("rubyStrategy"))));
        };
    }

    @Override
    public void validate(RunContext ctx) {
        for (String v : ctx.param("chunkSize")) {
            long c = number("chunkSize", v);
            if (c <= 0 || c > Integer.MAX_VALUE) {
                throw new UsageException("-p chunkSize=" + v + ": a chunk must be 1 to " + Integer.MAX_VALUE + " bytes");
            }
        }
        for (String v : ctx.param("totalBytes")) {
            if (number("totalBytes", v) <= 0) {
                throw new UsageException("-p totalBytes=" + v + ": the file size must be > 0 bytes");
            }
        }
        for (String v : ctx.param("regionBytes")) {
            long r = number("regionBytes", v);
            for (String c : ctx.param("chunkSize")) {
                if (r < Long.parseLong(c) || r > Integer.MAX_VALUE) {
                    throw new UsageException("-p regionBytes=" + v + ": the call-cost region must hold a chunk (chunkSize=" + c
                            + ") and be at most " + Integer.MAX_VALUE + " bytes");
                }
            }
        }
        for (String v : ctx.param("force")) {
            if (!v.equals("true") && !v.equals("false")) {
                throw new UsageException("-p force=" + v + ": true (fsync inside the timing: the device) or false (page cache)");
            }
        }
        for (String v : ctx.param("strategy")) {
            WriteStrategy s = WriteStrategy.valueOf(v); // a value that is no constant was refused before (EnumParams)
            for (Jdk jdk : ctx.jdks()) {
                if (jdk.feature() < s.minimumJdk()) {
                    throw new UsageException("-p strategy=" + v + " needs JDK " + s.minimumJdk() + "+, and JDK "
                            + jdk.id() + " is selected; choose JDKs with --jdk");
                }
            }
        }
    }

    private static long number(String name, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UsageException("-p " + name + "=" + v + ": not a whole number of bytes");
        }
    }

    /**
     * One file at a time exists (JMH and the native baseline run one after the other), plus the
     * writer's last window, which reaches past the data until close cuts it (sparse on most
     * filesystems, allocated on some); the call-cost benchmark's region is one such file.
     */
    @Override
    public long bytesNeeded(RunContext ctx) {
        long most = 0;
        for (String v : ctx.param("totalBytes")) {
            most = Math.max(most, Long.parseLong(v));
        }
        for (String v : ctx.param("regionBytes")) {
            most = Math.max(most, Long.parseLong(v));
        }
        return most > Long.MAX_VALUE - MappedFileWriter.DEFAULT_WINDOW ? -1 : most + MappedFileWriter.DEFAULT_WINDOW;
    }

    /** The MemorySegment strategy needs JDK 22+ (FileChannel.map into an Arena): skipped on older forks. */
    @Override
    public boolean runsOn(String benchmark, Jdk jdk) {
        if (benchmark.equals(WRITE_FLOOR)) {
            return syscalls.path().isPresent();
        }
        return !benchmark.equals(MmapSection.SEGMENT) || jdk.feature() >= WriteStrategy.MAPPED_MEMORY_SEGMENT.minimumJdk();
    }

    /**
     * JMH's GC profiler on the JRuby benchmarks: how a Ruby String crosses into Java (decoded into a
     * java.lang.String, copied into a byte[], or referenced) shows as bytes allocated per write
     * (gc.alloc.rate.norm, JMH's B/op) beside the time. The Java strategies allocate nothing per chunk
     * by design and go without the profiler's overhead.
     *
     * <p>The JRuby forks touch their whole heap at start (-XX:+AlwaysPreTouch). A safe or autoboxing
     * write allocates a fresh 4 to 16 KiB array per call, and G1 grows its young generation over
     * pages the fork has never touched, so each call paid a first-touch page fault until the young
     * generation had been through every page once: a solo JAVA_MMAP_SAFE fork measured 14,500 to
     * 17,000 ns per call for its first seconds and 560 to 1,100 ns after (JDK 17, 2 GiB heap), while
     * in an interleaved fork the other variants' allocations had touched the heap during warm-up.
     * That was no warm-up of the code: no compilation happened in the slow seconds, and with the
     * heap touched beforehand the second half-second iteration was already at the settled figure.
     * The forks get the in-process floor's library too (JMH's jvmArgsAppend replaces, so one call).
     */
    @Override
    public void customize(ChainedOptionsBuilder options, Jdk jdk, RunContext ctx) {
        List<String> append = new ArrayList<>();
        // OptionsBuilder.build() returns the builder itself: this reads the job's include so far.
        if (options.build().getIncludes().stream().anyMatch(i -> i.contains(".JRuby"))) {
            options.addProfiler(GCProfiler.class);
            append.add(TOUCH_HEAP_AT_START);
        }
        append.addAll(syscalls.forkOptions(jdk));
        if (!append.isEmpty()) {
            options.jvmArgsAppend(append.toArray(new String[0]));
        }
    }

    /**
     * C write(2) and mmap+memcpy of the same files in the same chunks, and the syscalls per chunk of
     * each Java strategy, traced, which choose its C partner.
     */
    @Override
    public Measurement measureBeforeJmh(RunContext ctx) throws Exception {
        List<String> notes = new ArrayList<>();
        if (syscalls.path().isEmpty()) {
            notes.add("mmap: no in-process floor (write(2) through JNI) in the Java write strategy questions: " + syscalls.reason());
        }
        List<NativeResult> out = MmapNativeBaseline.measure(new NativeBuild(), settings(ctx.profile()), ctx.workDir(),
                ctx.param("chunkSize"), ctx.param("totalBytes"), ctx.param("force"), notes);
        TraceCache cache = TraceCache.open(name(), ctx.workDir(), ctx.log());
        cache.announce("mmap: tracing the syscalls per chunk of each Java write strategy on " + ctx.jdks().size() + " JDK(s)");
        MmapTraceDocument traces = WriteTraceSurvey.run(ctx, ctx.workDir(), cache);
        notes.addAll(traces.notes());
        notes.addAll(cache.notes());
        return Measurement.builder().baselines(out).document(MmapTraceDocument.NAME, traces).notes(notes).build();
    }

    @Override
    public void section(RunResults run, Page page, int level) {
        MmapSection.render(run, page, level);
        CallCostSection.render(run, page, level + 1);
    }

    @Override
    public List<Subcommand> subcommands() {
        return List.of(Subcommand.verify(new MmapVerifyCommand()));
    }
}
