package jab.harness.mmap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jab.harness.baseline.NativeBuild;
import jab.harness.baseline.NativeProgram;
import jab.harness.results.NativeResult;
import jab.harness.family.JmhSettings;

/**
 * C write(2) and mmap(2)+memcpy writing the same totals in the same chunks as the JMH benchmarks,
 * single shot like them: one file per iteration, a fresh process per "fork", files in the run's
 * work dir (removed by the program after each iteration, and with the work dir by the harness).
 */
final class MmapNativeBaseline {
    /** Method name in results, argument of write_baseline. */
    static final String[][] METHODS = {{"write", "write"}, {"mmap_memcpy", "mmap"}};

    private MmapNativeBaseline() {
    }

    static List<NativeResult> measure(NativeBuild build, JmhSettings settings, Path workDir, String[] chunks, String[] totals,
                                      String[] forces, List<String> notes) throws IOException, InterruptedException {
        Optional<Path> program = build.program("write_baseline");
        if (program.isEmpty()) {
            notes.add("mmap native baseline skipped: " + build.reason());
            return List.of();
        }
        String tool = "C write(2) / mmap(2)+memcpy, " + build.compilerVersion() + " -O2";
        Files.createDirectories(workDir);
        Path file = workDir.resolve("native-write.bin");
        List<NativeResult> out = new ArrayList<>();
        try {
            for (String total : totals) {
                for (String force : forces) {
                    for (String chunk : chunks) {
                        for (String[] m : METHODS) {
                            List<double[]> forks = new ArrayList<>();
                            for (int f = 0; f < settings.nativeForks(); f++) {
                                forks.add(NativeProgram.runForNumbers(program.get(), 3600, m[1], chunk, total,
                                        Boolean.parseBoolean(force) ? "1" : "0", Integer.toString(settings.nativeWarmupIterations()),
                                        Integer.toString(settings.nativeIterations()), file.toString()));
                            }
                            out.add(new NativeResult("native.mmap." + m[0], "ss", "ms/op",
                                    NativeResult.params("chunkSize", chunk, "totalBytes", total, "force", force), forks, tool,
                                    settings.nativeWarmupIterations()));
                        }
                    }
                }
            }
        } finally {
            Files.deleteIfExists(file); // a failed or interrupted program may leave it
        }
        return out;
    }
}
