package jab.harness.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.Predicate;

import jab.bench.fs.FsFixture;
import jab.harness.baseline.NativeBuild;
import jab.harness.baseline.NativeProgram;
import jab.harness.results.NativeResult;
import jab.harness.family.JmhSettings;

/**
 * The C floors: stat, lstat, statx (following a final symlink and not) and access(F_OK) from C on the four fs scenarios, on a fixture laid out exactly as the
 * benchmark's, with the same random pick sequence. Each "fork" is a fresh process.
 */
final class FsNativeBaseline {
    /** fs_baseline's calls: one for each call a JDK is seen to make (see native/fs_baseline.c). */
    static final String[] CALLS = {"stat", "lstat", "statx", "statx_nofollow", "access", "syscall_stat"};
    static final String[] SCENARIOS = {"existingFile", "missingFile", "randomExistingFiles", "randomMissingFiles"};

    private FsNativeBaseline() {
    }

    /**
     * The floors of {@code calls} in the scenarios {@code measured} accepts (the JMH side's, so no
     * floor is measured without its partner).
     */
    static List<NativeResult> measure(NativeBuild build, JmhSettings settings, Predicate<String> measured, Set<String> calls,
                                      Path workDir, int files, List<String> notes) throws IOException, InterruptedException {
        Optional<Path> program = build.program("fs_baseline");
        if (program.isEmpty()) {
            notes.add("fs native baseline skipped: " + build.reason());
            return List.of();
        }
        String tool = "C stat/lstat/statx/access, " + build.compilerVersion() + " -O2";
        List<NativeResult> out = new ArrayList<>();
        try (FsFixture fx = FsFixture.create(workDir, files)) {
            Path[] lists = new Path[SCENARIOS.length];
            lists[0] = pathFile(fx.dir, "existing", 1, i -> fx.existing);
            lists[1] = pathFile(fx.dir, "missing", 1, i -> fx.missing);
            lists[2] = pathFile(fx.dir, "random-existing", FsFixture.PICKS, i -> fx.existingFiles[fx.picks[i]]);
            lists[3] = pathFile(fx.dir, "random-missing", FsFixture.PICKS, i -> fx.missingFiles[fx.picks[i]]);
            long iterMs = Math.max(1, settings.measurementTime().convertTo(java.util.concurrent.TimeUnit.MILLISECONDS));
            for (String call : CALLS) {
                if (!calls.contains(call)) {
                    continue;
                }
                for (int s = 0; s < SCENARIOS.length; s++) {
                    if (!measured.test(SCENARIOS[s])) {
                        continue;
                    }
                    List<double[]> forks = new ArrayList<>();
                    for (int f = 0; f < settings.nativeForks(); f++) {
                        forks.add(NativeProgram.runForNumbers(program.get(), 600, call,
                                Integer.toString(settings.nativeWarmupIterations()), Integer.toString(settings.nativeIterations()),
                                Long.toString(iterMs), lists[s].toString()));
                    }
                    out.add(new NativeResult(name(call, SCENARIOS[s]), "avgt", "us/op",
                            NativeResult.params("call", call, "files", Integer.toString(files)), forks, tool,
                            settings.nativeWarmupIterations()));
                }
            }
        }
        return out;
    }

    /** The name of a C floor's result in native.json. */
    static String name(String call, String scenario) {
        return "native.fs." + call + "." + scenario;
    }

    /** A path file of fs_baseline: {@code n} lines, the {@code i}th {@code pathAt(i)}. */
    static Path pathFile(Path dir, String name, int n, IntFunction<Path> pathAt) throws IOException {
        List<String> lines = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            lines.add(pathAt.apply(i).toString());
        }
        return Files.write(dir.resolve("paths-" + name + ".lst"), lines);
    }
}
