package jab.harness.mmap;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.stream.Collectors;

import jab.bench.mmap.WriteProbe;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.harness.jdk.ForkClasspath;
import jab.harness.jdk.Jdk;
import jab.harness.trace.SyscallCount;

/**
 * What one Java write strategy really does per chunk, on one JDK: a {@link WriteProbe} JVM writes n
 * and then 2n chunks under {@code strace -f -c}; the difference over n is the syscalls per chunk
 * ({@link SyscallCount#difference}), and the difference of the page faults the probe took while
 * writing, over the extra MiB, its faults per MiB. Start-up, class loading and the file's open and
 * close are in both runs and cancel.
 *
 * @param syscalls    per chunk, each at least {@link SyscallCount#NOISE}; empty: none
 * @param minorPerMiB minor page faults per MiB written (a fresh page or one of the page cache mapped in)
 * @param majorPerMiB major page faults per MiB written (read from the device)
 */
record WriteTrace(String jdk, String strategy, int chunkSize, List<SyscallCount.PerOperation> syscalls,
                  double minorPerMiB, double majorPerMiB) {

    WriteTrace {
        syscalls = syscalls == null ? List.of() : List.copyOf(syscalls);
    }

    /** Chunks in the shorter run: 64 MiB at 4 KiB, so a few GCs or JIT compilations more in the longer run stay far below NOISE. */
    static final long CHUNKS = 16_384;
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final java.util.regex.Pattern FAULTS = java.util.regex.Pattern.compile("faults minor=(\\d+) major=(\\d+) bytes=(\\d+)");

    static WriteTrace of(Path strace, Jdk jdk, String strategy, int chunkSize, Path workDir) throws IOException, InterruptedException {
        SyscallCount.Counted once = SyscallCount.of(strace, command(jdk, strategy, chunkSize, workDir, CHUNKS), workDir, TIMEOUT);
        long[] a = faults(once.result().requireSuccess());
        SyscallCount.Counted twice = SyscallCount.of(strace, command(jdk, strategy, chunkSize, workDir, 2 * CHUNKS), workDir, TIMEOUT);
        long[] b = faults(twice.result().requireSuccess());
        double mib = (double) (b[2] - a[2]) / (1 << 20);
        return new WriteTrace(jdk.id(), strategy, chunkSize, SyscallCount.difference(once.calls(), twice.calls(), CHUNKS),
                (b[0] - a[0]) / mib, (b[1] - a[1]) / mib);
    }

    /** The page faults one probe run took while writing, without strace: minor, major and bytes written. */
    static long[] faultsOnce(Jdk jdk, String strategy, int chunkSize, Path workDir, long chunks) throws IOException, InterruptedException {
        return faults(Subprocess.of(command(jdk, strategy, chunkSize, workDir, chunks)).named("WriteProbe " + strategy)
                .timeout(TIMEOUT).run().requireSuccess());
    }

    static List<String> command(Jdk jdk, String strategy, int chunkSize, Path workDir, long chunks) {
        // The heap pinned small and fixed: it does not grow (and fault in) more in the longer run.
        return List.of(jdk.java().toString(), "-Xms64m", "-Xmx64m", "-cp", ForkClasspath.get(), WriteProbe.class.getName(),
                strategy, Integer.toString(chunkSize), workDir.toString(), Long.toString(chunks));
    }

    private static long[] faults(Result r) throws IOException {
        Matcher m = FAULTS.matcher(r.stdout());
        if (!m.find()) {
            throw new IOException("WriteProbe printed no fault counts: " + r.output());
        }
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
    }

    /** "jab mapped writer (JAB_MAPPED_WRITER), 4 KiB chunks: 0 syscalls per chunk written, N minor page faults per MiB (0.0 major)". */
    String line() {
        String calls = syscalls.isEmpty() ? "0 syscalls per chunk written"
                : syscalls.stream().map(SyscallCount.PerOperation::words).collect(Collectors.joining(" + ")) + " per chunk written";
        return String.format(Locale.ROOT, "%s, %s chunks: %s, %.1f minor page faults per MiB (%.1f major)",
                label(strategy), size(chunkSize), calls, minorPerMiB, majorPerMiB);
    }

    private static final Map<String, String> LABELS = Map.of("JAB_MAPPED_WRITER", "jab mapped writer",
            "MAPPED_MEMORY_SEGMENT", "MemorySegment mapping", "FILECHANNEL_HEAP", "FileChannel.write, heap buffer",
            "FILECHANNEL_DIRECT", "FileChannel.write, direct buffer", "RANDOM_ACCESS_FILE", "RandomAccessFile.write",
            "BUFFERED_OUTPUT_STREAM", "BufferedOutputStream.write");

    private static String label(String strategy) {
        return LABELS.getOrDefault(strategy, strategy) + " (" + strategy + ")";
    }

    private static String size(int bytes) {
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " B";
    }
}
