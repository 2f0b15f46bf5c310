package jab.harness.kv;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import jab.bench.kv.KvWorkload;
import jab.harness.baseline.NativeBuild;
import jab.harness.baseline.NativeProgram;
import jab.harness.family.JmhSettings;
import jab.harness.results.NativeResult;

/**
 * native/kv_baseline.c: the one-thread get, set and mixed work of KvLatencyBenchmark from C, on a
 * plain open-addressing hash table, replaying the very keys, values and operations of
 * {@link KvWorkload} (written to a file in the work dir) for each key count the run measures (param
 * {@code keys}: a floor over another working set would be no floor). The floor the store and
 * ConcurrentHashMap stand on: what the same lookups cost without a JVM. One process per "fork", ns per
 * operation.
 */
final class KvNativeBaseline {
    static final String[] OPS = {"get", "set", "mixed"};
    static final String PREFIX = "native.kv.hashTable.";

    private KvNativeBaseline() {
    }

    static List<NativeResult> measure(NativeBuild build, JmhSettings settings, List<String> ops, List<Integer> keyCounts, Path workDir,
                                      List<String> notes)
            throws IOException, InterruptedException {
        if (ops.isEmpty()) {
            return List.of();
        }
        Optional<Path> program = build.program("kv_baseline");
        if (program.isEmpty()) {
            notes.add("kv native baseline skipped: " + build.reason());
            return List.of();
        }
        String tool = "C open-addressing hash table, the same keys and operations; " + build.compilerVersion() + " -O2";
        long iterMs = Math.max(1, settings.measurementTime().convertTo(TimeUnit.MILLISECONDS));
        List<NativeResult> out = new ArrayList<>();
        for (int keys : keyCounts) {
            Path workload = writeWorkload(new KvWorkload(keys), workDir);
            for (String op : ops) {
                List<double[]> forks = new ArrayList<>();
                for (int f = 0; f < settings.nativeForks(); f++) {
                    forks.add(NativeProgram.runForNumbers(program.get(), 600, op, Integer.toString(settings.nativeWarmupIterations()),
                            Integer.toString(settings.nativeIterations()), Long.toString(iterMs), workload.toString()));
                }
                out.add(new NativeResult(PREFIX + op, "avgt", "ns/op", NativeResult.params("keys", Integer.toString(keys)), forks, tool,
                        settings.nativeWarmupIterations()));
            }
        }
        return out;
    }

    /** "KEYS SEQUENCE", then "key value" per key, then "op keyIndex" per operation. */
    private static Path writeWorkload(KvWorkload w, Path workDir) throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append(w.keyCount).append(' ').append(KvWorkload.SEQUENCE).append('\n');
        for (int i = 0; i < w.keyCount; i++) {
            sb.append(new String(w.keys[i].bytes(), StandardCharsets.US_ASCII)).append(' ')
                    .append(new String(w.values[i], StandardCharsets.US_ASCII)).append('\n');
        }
        for (int i = 0; i < KvWorkload.SEQUENCE; i++) {
            sb.append(w.op[i]).append(' ').append(w.keyIndex[i]).append('\n');
        }
        Files.createDirectories(workDir);
        return Files.writeString(workDir.resolve("kv-workload.txt"), sb, StandardCharsets.US_ASCII);
    }
}
