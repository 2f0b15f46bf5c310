package jab.harness.fs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.bench.fs.ExistenceCheck;
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
import jab.harness.results.RunResults;
import jab.harness.trace.SyscallCount;
import jab.harness.trace.TraceCache;

/**
 * File-existence checks: seven Java APIs, four scenarios, the C call behind each (stat, lstat, statx,
 * access) as floors, traced syscalls that pair each API with its floor, and the APIs' semantics.
 */
public final class FsFamily implements Family {
    static final String FFM_BENCHMARK = "jab.bench.fs.FfmFileCheckBenchmark.";
    /** stat(2) through JNI: the in-process floor of the existence questions. */
    static final String STAT_FLOOR = "jab.bench.fs.StatFloorBenchmark.";
    /** The existence check made a given number of times: jab calibrate's effects of known size. */
    static final String REPEATED = "jab.bench.fs.RepeatedCheckBenchmark.";
    private final NativeBuild build = new NativeBuild();
    private final SyscallsLibrary syscalls = new SyscallsLibrary(build);

    @Override
    public String name() {
        return "fs";
    }

    @Override
    public String description() {
        return "file-existence checks (File.exists, Files.exists, NOFOLLOW_LINKS, notExists, isRegularFile, "
                + "readAttributes, isFile) on existing, missing and random files; native stat/lstat/statx/access";
    }

    @Override
    public JmhSettings settings(Profile profile) {
        return switch (profile) {
            case SMOKE -> JmhSettings.of(1, 1, "100ms", 2, "100ms");
            case THOROUGH -> JmhSettings.of(5, 5, "1s", 20, "1s"); // the seed's 100 samples
            // The 8-variant questions start with five forks of 20 rounds rather than three of 30: the
            // first look's interval is a boundary on 2 degrees of freedom at three forks (5.92 in a
            // default run) and 3.13 at five, which outweighs the rounds a fork gives up, while such a
            // fork starts cheaply against its rounds (about 7 s of start, touched heap and warm-up
            // beside 12.5 s of rounds). Measured (2026-11-30, `./jab run fs`, JDK 17, two runs each,
            // alternating): 52 and 49 of 56 comparisons answered, median 95% half-width 2.8-3.1%,
            // against 43 and 41, 4.3-5.6%; the first forks took 155 s instead of 120. Questions of
            // four variants or fewer keep three of 30 (SliceSchedule.firstForks). The random-file
            // scenarios (a different file each call) only in thorough and by name, so the budget
            // goes to forks.
            case DEFAULT -> JmhSettings.of(3, 3, "200ms", 5, "200ms").withWideQuestions(5, 20).only(v -> !v.method().startsWith("random"));
        };
    }

    /**
     * The questions of seed 000: which existence check, on a missing and on an existing file (and on
     * random ones, which the thorough profile measures), each with stat(2) made from the fork as its floor.
     */
    @Override
    public List<Question> questions(List<BenchmarkListEntry> benchmarks) {
        List<Question> out = new ArrayList<>();
        for (String scenario : List.of("missingFile", "existingFile")) {
            out.add(Question.overParam("which existence check on " + (scenario.equals("missingFile") ? "a missing" : "an existing")
                    + " file", "api", ExistenceCheck.FILE_EXISTS.name(), FsSection.BENCH + scenario)
                    .withFloor("syscall:stat", "stat(2) from the fork (JNI)", STAT_FLOOR + scenario));
        }
        out.add(Question.overParam("which existence check on random missing files", "api", ExistenceCheck.FILE_EXISTS.name(),
                FsSection.BENCH + "randomMissingFiles"));
        out.add(Question.overParam("which existence check on random existing files", "api", ExistenceCheck.FILE_EXISTS.name(),
                FsSection.BENCH + "randomExistingFiles"));
        return out;
    }

    /**
     * The single-file scenarios' check made {@code repeat} times per invocation; the random ones have
     * none (each call picks another file, so k calls are k times one call on average only).
     */
    @Override
    public Optional<String> planted(String benchmark) {
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        return benchmark.startsWith(FsSection.BENCH) && List.of("missingFile", "existingFile").contains(method)
                ? Optional.of(REPEATED + method) : Optional.empty();
    }

    /**
     * The Foreign Function API baseline needs JDK 22+, the JNI floor a library jab could build; the
     * JDK's own checks run everywhere.
     */
    @Override
    public boolean runsOn(String benchmark, Jdk jdk) {
        if (benchmark.startsWith(STAT_FLOOR)) {
            return syscalls.path().isPresent();
        }
        return !benchmark.startsWith(FFM_BENCHMARK) || jdk.feature() >= 22;
    }

    /**
     * JMH's gc profiler in every profile: bytes allocated per check (B/op) show where an exception is
     * built. The forks get the JNI floor's library (JMH's jvmArgsAppend replaces, so one call), and
     * touch their heap at start ({@link #TOUCH_HEAP_AT_START}): the checks that throw allocate a stack
     * trace per call, and in untouched forks they paid the young generation's first page faults through
     * most of their rounds. Measured on the missing-file question (JDK 17, 2026-11-30, quiet VM): the
     * three throwing checks over File.exists() at 4.03-4.43x in four default runs; 3.76, 3.58 and 3.78x
     * with the heap touched (two forks), and 3.67, 3.56 and 3.77x in thorough forks whose 42 s warm-up
     * outlasts the first pass over the heap. Every fs fork touches it, as a question's variants share
     * their JVM only with the same options.
     */
    @Override
    public void customize(ChainedOptionsBuilder options, Jdk jdk, RunContext ctx) {
        options.addProfiler(GCProfiler.class);
        List<String> append = new ArrayList<>(syscalls.forkOptions(jdk));
        append.add(TOUCH_HEAP_AT_START);
        options.jvmArgsAppend(append.toArray(new String[0]));
    }

    @Override
    public void validate(RunContext ctx) {
        for (String v : ctx.param("files")) {
            try {
                if (Integer.parseInt(v) < 1) {
                    throw new UsageException("-p files=" + v + ": the number of files must be >= 1");
                }
            } catch (NumberFormatException e) {
                throw new UsageException("-p files=" + v + ": not a whole number");
            }
        }
    }

    @Override
    public long bytesNeeded(RunContext ctx) {
        long most = 0;
        for (String v : ctx.param("files")) {
            most = Math.max(most, Long.parseLong(v));
        }
        return most * 8192; // a block and an inode's worth per file, generously
    }

    /** What each API answers on each JDK (the semantics table). */
    @Override
    public Measurement measureBeforeJmh(RunContext ctx) throws Exception {
        Measurement.Builder m = Measurement.builder();
        List<String> notes = new ArrayList<>();
        if (syscalls.path().isEmpty()) {
            notes.add("fs: no in-process floor (stat(2) through JNI) in the questions: " + syscalls.reason());
        }
        try {
            Map<String, Map<String, Map<String, String>>> byJdk = new LinkedHashMap<>();
            for (Jdk jdk : ctx.jdks()) {
                byJdk.put(jdk.id(), FsSemanticsRunner.probe(jdk, ctx.workDir()));
            }
            m.document(FsSemanticsDocument.NAME, new FsSemanticsDocument(byJdk, List.of()));
        } catch (Exception e) {
            // The semantics table is beside the point of the timings: note it, keep the rest.
            notes.add("fs semantics probe failed: " + e.getMessage());
        }
        return m.notes(notes).build();
    }

    /**
     * With strace, the syscalls each API and each C floor makes per operation (the pairing's
     * evidence), then the C floors on the same paths per file count: those some result of the run
     * pairs with, by the traces (without strace, every one). After the first pass, not before: a JVM
     * per API and scenario under strace takes minutes, and the user should see benchmarks run (and
     * keep them on Ctrl-C) before that; the pairing is read when the tables are rendered, so nothing
     * measured needs it earlier. On JDK 17 two of the six C calls (lstat, the old stat syscall) pair
     * with no API: 24 s of floors a default run measured for nothing.
     */
    @Override
    public Measurement measureAfterJmh(RunContext ctx) throws Exception {
        Measurement.Builder m = Measurement.builder();
        List<String> notes = new ArrayList<>();
        Optional<FsSyscallsDocument> traced = traceSyscalls(ctx, build, m, notes);
        Set<String> calls = traced.map(doc -> pairedCalls(doc, ctx)).orElse(Set.of(FsNativeBaseline.CALLS));
        JmhSettings settings = settings(ctx.profile());
        for (String files : ctx.param("files")) {
            m.baselines(FsNativeBaseline.measure(build, settings,
                    scenario -> ctx.measures(new JmhSettings.Variant(scenario, 1, Map.of("files", files))), calls, ctx.workDir(),
                    Integer.parseInt(files), notes));
        }
        return m.notes(notes).build();
    }

    /**
     * The C calls some result pairs with: stat (the JNI floor's and an FFM stat's partner), access (an
     * FFM access's), and for each API, JDK and scenario of the run the call its trace matches.
     */
    private static Set<String> pairedCalls(FsSyscallsDocument doc, RunContext ctx) {
        Set<String> calls = new LinkedHashSet<>(List.of("stat", "access"));
        List<String> apis = apis(ctx);
        for (Jdk jdk : ctx.jdks()) {
            for (String api : apis) {
                for (String scenario : FsNativeBaseline.SCENARIOS) {
                    FsPairing.partner(doc, jdk.id(), api, scenario).ifPresent(calls::add);
                }
            }
        }
        return calls;
    }

    /** The APIs the run asks: -p api, or every constant. */
    private static List<String> apis(RunContext ctx) {
        String[] asked = ctx.param("api");
        return asked.length == 0 ? java.util.Arrays.stream(ExistenceCheck.values()).map(Enum::name).toList() : List.of(asked);
    }

    /** fs-syscalls.json for the APIs of the run; without strace, a note, and no JVM figure gets a ratio. */
    private static Optional<FsSyscallsDocument> traceSyscalls(RunContext ctx, NativeBuild build, Measurement.Builder m,
                                                              List<String> notes) throws Exception {
        Optional<Path> strace = SyscallCount.strace();
        if (strace.isEmpty()) {
            notes.add("fs: no syscall trace, so no JVM/native ratio: " + SyscallCount.NO_STRACE);
            return Optional.empty();
        }
        List<ExistenceCheck> apis = apis(ctx).stream().map(ExistenceCheck::valueOf).toList();
        TraceCache cache = TraceCache.open("fs", ctx.workDir(), ctx.log());
        cache.announce("fs: tracing the syscalls of " + apis.size() + " APIs on " + ctx.jdks().size() + " JDK(s) and of the C floors");
        FsSyscallsDocument doc = FsSyscallsSurvey.run(strace.get(), ctx.jdks(), apis, build, ctx.workDir().resolve("fs-trace"),
                cache, (t, soFar) -> { }, note -> { });
        notes.addAll(doc.notes());
        notes.addAll(cache.notes());
        m.document(FsSyscallsDocument.NAME, doc);
        return Optional.of(doc);
    }

    @Override
    public void section(RunResults run, Page page, int level) {
        FsSection.render(run, page, level);
    }

    /** api=FILES_EXISTS_NOFOLLOW reads as the call it stands for. */
    @Override
    public Optional<String> label(String param, String value) {
        if (!param.equals("api")) {
            return Optional.empty();
        }
        try {
            return Optional.of(ExistenceCheck.valueOf(value).call());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<Subcommand> subcommands() {
        return List.of(Subcommand.under(FsSemanticsCommand.VERB, FsSemanticsCommand.VERB_DESCRIPTION, new FsSemanticsCommand()),
                Subcommand.verify(new FsVerifyCommand()));
    }
}
