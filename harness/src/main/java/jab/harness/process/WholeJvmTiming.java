package jab.harness.process;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import jab.bench.process.probe.EmptyMain;
import jab.bench.process.probe.LaunchOnce;
import jab.harness.exec.Output;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.harness.jdk.Jdk;
import jab.harness.results.NativeResult;

/**
 * Seed 001's "JVM included" figure: wall time of a fresh {@code java} that launches the child once
 * and exits ({@link LaunchOnce}), beside one that does nothing ({@link EmptyMain}), per JDK with its
 * default launch mechanism. Runs alternate between the two so drift hits both alike. Its native
 * floor is the same whole program in C: a fresh process that posix_spawns the child once, reads its
 * output and exits ({@code spawn_baseline posix_spawn 0 1 0 CHILD}: one measured launch).
 */
final class WholeJvmTiming {
    static final String LAUNCH = "process.wholeJvm.launchOnce";
    static final String EMPTY = "process.wholeJvm.emptyMain";
    /** The C program doing what LaunchOnce does: a native baseline, in native.json. */
    static final String C_LAUNCH = "native.process.wholeProcess.launchOnce";
    /** Format 1 kept these timings in native.json, named as if they were native floors. */
    private static final String FORMAT1_PREFIX = "native.";

    private WholeJvmTiming() {
    }

    /** Whether a result is the timing {@code name} (LAUNCH or EMPTY), under its name of any format. */
    static boolean is(jab.harness.results.BenchResult r, String name) {
        return r.benchmark().equals(name) || r.benchmark().equals(FORMAT1_PREFIX + name);
    }

    static List<NativeResult> measure(Jdk jdk, ProcessChild child, int runs) throws IOException, InterruptedException {
        List<double[]> launch = new ArrayList<>();
        List<double[]> empty = new ArrayList<>();
        String cp = ProbeClasspath.get();
        run(jdk, List.of("-cp", cp, EmptyMain.class.getName())); // warm the page cache before timing
        for (int i = 0; i < runs; i++) {
            launch.add(new double[] {run(jdk, List.of("-cp", cp, LaunchOnce.class.getName(), child.path()))});
            empty.add(new double[] {run(jdk, List.of("-cp", cp, EmptyMain.class.getName()))});
        }
        String tool = "wall time of a fresh JVM: " + jdk.java() + " (" + jdk.version() + ")";
        return List.of(
                new NativeResult(LAUNCH, "ss", "ms/op", NativeResult.params("jdk", jdk.id()), launch, tool),
                new NativeResult(EMPTY, "ss", "ms/op", NativeResult.params("jdk", jdk.id()), empty, tool));
    }

    /** The C floor of {@link #LAUNCH}: {@code runs} fresh C processes, each launching the child once. */
    static NativeResult measureC(Path spawnBaseline, ProcessChild child, int runs, String tool) throws IOException, InterruptedException {
        List<String> cmd = List.of(spawnBaseline.toString(), "posix_spawn", "0", "1", "0", child.path());
        wallMillis(cmd, "spawn_baseline once"); // warm the page cache before timing
        List<double[]> once = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            once.add(new double[] {wallMillis(cmd, "spawn_baseline once")});
        }
        return new NativeResult(C_LAUNCH, "ss", "ms/op", NativeResult.params("beside", LAUNCH), once,
                "wall time of a fresh C process that posix_spawns the child once; " + tool);
    }

    private static double run(Jdk jdk, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.java().toString());
        cmd.addAll(args);
        return wallMillis(cmd, "java " + String.join(" ", args) + " on JDK " + jdk.id());
    }

    /** Milliseconds from start to reaped exit of one process; its output is discarded. */
    private static double wallMillis(List<String> cmd, String name) throws IOException, InterruptedException {
        // both streams discarded: Subprocess starts no reader thread, so elapsed is the process's own life
        Result r = Subprocess.of(cmd).stdout(Output.discard()).stderr(Output.discard())
                .named(name).timeout(Duration.ofSeconds(60)).run();
        return r.requireSuccess().elapsed().toNanos() / 1e6;
    }
}
