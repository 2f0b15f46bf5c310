package jab.harness.mmap;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import jab.bench.mmap.WriteStrategy;
import jab.harness.UsageException;
import jab.harness.jdk.Jdk;
import jab.harness.run.options.ProbeOptions;
import jab.harness.trace.SyscallCount;
import jab.harness.trace.VerifyTraces;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jab verify mmap}: syscalls per chunk written and page faults per MiB of each Java write strategy, per JDK. */
@Command(name = "mmap", mixinStandardHelpOptions = true,
        description = {"For each JDK and Java write strategy of the mmap family, a fresh JVM writes 16384 and then 32768",
            "chunks to a new file under strace -f -c; the difference over 16384 is the syscalls per chunk written, as the",
            "trace counts them (0 for a mapped writer, if it makes none), and the difference of the page faults the JVM took",
            "while writing (/proc/self/stat) over the extra MiB its faults per MiB.",
            "Exit 0: every trace ran; 1: strace missing (Debian package 'strace') or a trace failed; 2: bad input."},
        footer = {"", "Examples:", "  ./jab verify mmap", "  ./jab verify mmap --jdk all --chunk-size 1024"})
final class MmapVerifyCommand implements Callable<Integer> {
    @Option(names = "--chunk-size", paramLabel = "BYTES", description = "bytes per write (default: ${DEFAULT-VALUE})")
    int chunkSize = 4096;

    @Mixin
    ProbeOptions options = new ProbeOptions();

    @Override
    public Integer call() throws Exception {
        if (chunkSize <= 0 || chunkSize > (1 << 20)) {
            throw new UsageException("--chunk-size " + chunkSize + ": 1 to 1048576 bytes");
        }
        List<Jdk> jdks = options.jdks();
        // A bad --dir is refused (exit 2) before any JVM starts; the probe's files go to a fresh folder in it.
        return VerifyTraces.run(options.dir(), "jab-verify-mmap-", (strace, work) -> {
            int failures = 0;
            for (Jdk j : jdks) {
                VerifyTraces.printJdk(j);
                for (String s : strategies(j)) {
                    failures += VerifyTraces.traceLine(s, () -> WriteTrace.of(strace, j, s, chunkSize, work).line());
                }
                System.out.println();
            }
            System.out.println("Syscalls: strace -f -c of the whole JVM, (2n - n) / n per chunk, those of at least "
                    + SyscallCount.NOISE + " per chunk. Page faults: the whole JVM's while it writes, (2n - n) per extra MiB; minor ones\n"
                    + "map a page in without reading the device; a few per MiB either way are the JVM's own (GC, JIT), not the writes'.");
            return failures;
        });
    }

    /** The strategies the benchmarks run on this JDK. */
    static List<String> strategies(Jdk jdk) {
        List<String> out = new ArrayList<>(List.of(WriteStrategy.EVERY_JDK));
        if (jdk.feature() >= WriteStrategy.MAPPED_MEMORY_SEGMENT.minimumJdk()) {
            out.add(WriteStrategy.MAPPED_MEMORY_SEGMENT.name());
        }
        return out;
    }
}
