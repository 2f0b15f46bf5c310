package jab.harness.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;

import jab.bench.process.ProcessCommands;
import jab.harness.baseline.NativeBuild;
import jab.harness.baseline.NativeProgram;
import jab.harness.family.JmhSettings;
import jab.harness.results.NativeResult;

/**
 * native/spawn_baseline.c: the JVM's launches from C, one floor per mechanism and path (see
 * {@link ProcessFloor}): posix_spawn with one exec, posix_spawn of native/spawn_helper with two (the
 * shape of the JDK's POSIX_SPAWN), vfork+exec and fork+exec, each on the child, a missing bare name
 * and randomExisting's own picks; posix_spawnp of a missing name; FORK from a C parent as large as
 * the JVM fork was ({@link #forkFloor}). One process per "fork", the settings' iterations and
 * times, microseconds per launch.
 */
final class ProcessNativeBaseline {
    static final String PROGRAM = "spawn_baseline";
    static final String HELPER = "spawn_helper";
    /** The bare name the C floors fail on: on no PATH entry, like the benchmarks' own missing names. */
    static final String MISSING = "jab-no-such-command-native";

    private ProcessNativeBaseline() {
    }

    /**
     * The floors before JMH (every one but FORK's, which needs the JVM fork's size) whose JVM partner
     * the run measures ({@code needed}: mechanism, scenario), the two reference floors (posix_spawn
     * with one exec, posix_spawnp of a missing name), and {@code wholeProcessRuns} fresh C processes
     * that launch the child once.
     */
    static List<NativeResult> measure(NativeBuild build, JmhSettings settings, ProcessChild child, int wholeProcessRuns,
                                      BiPredicate<String, String> needed, List<String> notes)
            throws IOException, InterruptedException {
        Optional<Programs> built = Programs.of(build);
        if (built.isEmpty()) {
            notes.add("process native baseline skipped: " + build.reason());
            return List.of();
        }
        Programs p = built.get();
        List<NativeResult> out = new ArrayList<>();
        for (ProcessFloor f : ProcessFloor.BEFORE_JMH) {
            if (f.reference() || needed.test(f.mechanism(), f.scenario())) {
                out.add(run(p, settings, child, f, 0));
            }
        }
        out.add(WholeJvmTiming.measureC(p.program(), child, wholeProcessRuns, p.compiler()));
        return out;
    }

    /** The built programs and the compiler that built them. */
    record Programs(Path program, Path helper, String compiler) {
        static Optional<Programs> of(NativeBuild build) {
            Optional<Path> program = build.program(PROGRAM);
            Optional<Path> helper = build.program(HELPER);
            return program.isPresent() && helper.isPresent()
                    ? Optional.of(new Programs(program.get(), helper.get(), build.compilerVersion() + " -O2")) : Optional.empty();
        }
    }

    /**
     * FORK's floors, after JMH: fork+exec from a C parent that has touched as many MiB as the JVM fork
     * had resident ({@link ParentMemoryRecords}), per JDK, benchmark and touchedHeapMb, on each scenario given.
     */
    static NativeResult forkFloor(Programs p, JmhSettings settings, ProcessChild child, ParentMemoryRecords.Parent parent,
                                  String scenario) throws IOException, InterruptedException {
        return run(p, settings, child, ProcessFloor.fork(parent, scenario), parent.residentMib());
    }

    private static NativeResult run(Programs p, JmhSettings settings, ProcessChild child, ProcessFloor f, long touchMib)
            throws IOException, InterruptedException {
        long iterMs = Math.max(1, settings.measurementTime().convertTo(TimeUnit.MILLISECONDS));
        List<String> args = new ArrayList<>(List.of(f.mode(), Integer.toString(settings.nativeWarmupIterations()),
                Integer.toString(settings.nativeIterations()), Long.toString(iterMs)));
        args.addAll(targetArgs(p, child, f, touchMib));
        List<double[]> forks = new ArrayList<>();
        for (int i = 0; i < settings.nativeForks(); i++) {
            forks.add(NativeProgram.runForNumbers(p.program(), 600, args.toArray(new String[0])));
        }
        String tool = "C " + f.describe() + ", stdout piped and read to EOF, waitpid; " + p.compiler();
        // The parent's size is what this run found, not the floor's identity (fork.jdk17-launch is): as a param it
        // would keep apart two runs whose JVM parents differed by a MiB, and compare could not match their floors.
        Map<String, NativeResult.Secondary> found = touchMib > 0
                ? Map.of(ProcessFloor.PARENT_RESIDENT, new NativeResult.Secondary(touchMib, "MiB")) : Map.of();
        return new NativeResult(f.name(), "avgt", "us/op", f.params(), forks, tool, settings.nativeWarmupIterations(), found);
    }

    /** CHILD and the options that make the program launch what floor {@code f} launches. */
    static List<String> targetArgs(Programs p, ProcessChild child, ProcessFloor f, long touchMib) {
        List<String> args = new ArrayList<>(List.of(child.path(), "--helper", p.helper().toString()));
        switch (f.scenario()) {
            case "missing" -> args.addAll(List.of("--missing", MISSING));
            case "randomExisting" -> args.addAll(List.of("--picks",
                    String.join(",", ProcessCommands.forChild(child.path()).existingPickOrder())));
            default -> {
            }
        }
        if (touchMib > 0) {
            args.addAll(List.of("--touch", Long.toString(touchMib)));
        }
        return args;
    }
}
