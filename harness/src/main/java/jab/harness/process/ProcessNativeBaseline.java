package jab.harness.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import jab.harness.baseline.NativeBuild;
import jab.harness.baseline.NativeProgram;
import jab.harness.results.NativeResult;
import jab.harness.family.JmhSettings;

/**
 * native/spawn_baseline.c: the same child launched from C by posix_spawn, vfork+exec and fork+exec,
 * stdout through a pipe read to EOF, then waitpid; and posix_spawnp of a missing bare name. One
 * process per "fork", the settings' iterations and times, microseconds per launch.
 */
final class ProcessNativeBaseline {
    /** C call, the JDK mechanism it stands beside, the scenario. */
    static final String[][] MODES = {
        {"posix_spawn", "POSIX_SPAWN", "existing"},
        {"vfork", "VFORK", "existing"},
        {"fork", "FORK", "existing"},
        {"spawnp_missing", "POSIX_SPAWN", "missing"},
    };
    static final String PREFIX = "native.process.";

    private ProcessNativeBaseline() {
    }

    static String name(String call, String scenario) {
        return PREFIX + call + "." + scenario;
    }

    /** The launches per mode, and {@code wholeProcessRuns} fresh C processes that launch the child once. */
    static List<NativeResult> measure(NativeBuild build, JmhSettings settings, ProcessChild child, int wholeProcessRuns,
                                      List<String> notes)
            throws IOException, InterruptedException {
        Optional<java.nio.file.Path> program = build.program("spawn_baseline");
        if (program.isEmpty()) {
            notes.add("process native baseline skipped: " + build.reason());
            return List.of();
        }
        String compiler = build.compilerVersion() + " -O2";
        String tool = "C posix_spawn/vfork/fork+execv, pipe read to EOF, waitpid; " + compiler;
        long iterMs = Math.max(1, settings.measurementTime().convertTo(TimeUnit.MILLISECONDS));
        List<NativeResult> out = new ArrayList<>();
        for (String[] m : MODES) {
            List<double[]> forks = new ArrayList<>();
            for (int f = 0; f < settings.nativeForks(); f++) {
                forks.add(NativeProgram.runForNumbers(program.get(), 600, m[0], Integer.toString(settings.warmupIterations()),
                        Integer.toString(settings.iterations()), Long.toString(iterMs), child.path()));
            }
            out.add(new NativeResult(name(m[0], m[2]), "avgt", "us/op",
                    NativeResult.params("call", m[0], "launchMechanism", m[1]), forks, tool,
                    settings.warmupIterations()));
        }
        out.add(WholeJvmTiming.measureC(program.get(), child, wholeProcessRuns, compiler));
        return out;
    }
}
