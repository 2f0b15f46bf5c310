package jab.harness.fs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import jab.bench.fs.ExistenceCheck;
import jab.bench.fs.FsFixture;
import jab.harness.baseline.NativeBuild;
import jab.harness.jdk.Jdk;
import jab.harness.trace.TraceCache;
import jab.harness.trace.TracesAtOnce;

/**
 * Traces every existence check on every JDK, and every C floor, on an existing file and a missing
 * path ({@link FsTracer}): the evidence {@code jab verify fs} prints, {@code jab run fs} records as
 * fs-syscalls.json, and the pairing of JVM figures with C floors reads. A trace that fails becomes a
 * note and the others go on. The JVM traces are made two at a time ({@link TracesAtOnce}): a stray JIT
 * or GC call stays below {@link jab.harness.trace.SyscallCount#NOISE} per operation either way.
 */
final class FsSyscallsSurvey {
    /** The traced scenarios: the random ones make the calls of these (see {@link FsPairing#tracedScenario}). */
    static final List<String> SCENARIOS = List.of("existingFile", "missingFile");

    private FsSyscallsSurvey() {
    }

    /**
     * @param cache  traces kept from earlier runs, taken instead of tracing again ({@link TraceCache#off} for none)
     * @param each called with every trace as it is made and the document so far (verify prints them at once)
     * @param failed called with what went wrong for a trace that could not be made
     */
    static FsSyscallsDocument run(Path strace, List<Jdk> jdks, List<ExistenceCheck> apis, NativeBuild build, Path workDir,
                                  TraceCache cache, BiConsumer<FsSyscallsDocument.Trace, FsSyscallsDocument> each,
                                  Consumer<String> failed) throws Exception {
        FsTracer tracer = new FsTracer(strace, workDir);
        List<FsSyscallsDocument.Trace> traces = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Consumer<String> fail = note -> {
            notes.add(note);
            failed.accept(note);
        };
        try (FsFixture fx = FsFixture.create(workDir, 1)) {
            // The C floors first, so each JVM trace can be paired as soon as it is made.
            Optional<Path> program = build.program("fs_baseline");
            if (program.isEmpty()) {
                fail.accept("fs C floors not traced: " + build.reason());
            }
            for (String call : program.isPresent() ? FsNativeBaseline.CALLS : new String[0]) {
                for (String scenario : SCENARIOS) {
                    Path path = pathOf(fx, scenario);
                    try {
                        add(traces, notes, cache.get(FsSyscallsDocument.Trace.class, List.of(FsSyscallsDocument.C, call, scenario),
                                () -> tracer.c(program.get(), call, scenario,
                                        FsNativeBaseline.pathFile(fx.dir, "trace-" + scenario, 1, i -> path), path)), each);
                    } catch (Exception e) {
                        fail.accept("fs trace of C " + call + ", " + scenario + " failed: " + e.getMessage());
                    }
                }
            }
            try (TracesAtOnce<FsSyscallsDocument.Trace> java = new TracesAtOnce<>()) {
                for (Jdk jdk : jdks) {
                    for (ExistenceCheck api : apis) {
                        for (String scenario : SCENARIOS) {
                            java.add(api.call() + ", " + scenario + ", JDK " + jdk.id(),
                                    () -> cache.get(FsSyscallsDocument.Trace.class, jdk, List.of(api.name(), scenario),
                                            () -> tracer.java(jdk, api, scenario, pathOf(fx, scenario))));
                        }
                    }
                }
                java.forEach(t -> add(traces, notes, t, each),
                        (what, e) -> fail.accept("fs trace of " + what + " failed: " + e.getMessage()));
            }
        }
        return new FsSyscallsDocument(traces, notes);
    }

    private static void add(List<FsSyscallsDocument.Trace> traces, List<String> notes, FsSyscallsDocument.Trace t,
                            BiConsumer<FsSyscallsDocument.Trace, FsSyscallsDocument> each) {
        traces.add(t);
        each.accept(t, new FsSyscallsDocument(traces, notes));
    }

    private static Path pathOf(FsFixture fx, String scenario) {
        return scenario.equals("existingFile") ? fx.existing : fx.missing;
    }
}
