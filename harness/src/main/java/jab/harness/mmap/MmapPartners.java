package jab.harness.mmap;

import java.util.List;
import java.util.Optional;

import jab.bench.mmap.WriteStrategy;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;
import jab.harness.trace.SyscallCount;

/**
 * The C floor a Java write strategy is divided by: the native method making the same syscalls per
 * chunk, as the run's trace of that strategy on that JDK at that chunk size shows them
 * ({@link MmapTraceDocument}, the same trace as {@code jab verify mmap}). No syscall per chunk (the
 * data is copied into a mapping): C mmap+memcpy. One write(2) per chunk: C write(2) of the same
 * chunk. Anything else (BufferedOutputStream gathering small chunks into 8 KiB writes, which no C
 * baseline makes), no trace, or no C result of the same file in the run: none. The in-process floor
 * (write(2) through JNI) makes C write(2)'s calls by construction. JRuby strategies have none: C has no Ruby String to cross,
 * so a ratio would mix the floor with the crossing that seed 004 is about.
 */
public final class MmapPartners {
    static final String MMAP = "native.mmap.mmap_memcpy";
    static final String WRITE = "native.mmap.write";
    /** How far from one call per chunk a traced count may be and still be one (JIT and GC noise). */
    private static final double SAME = 0.1;

    private MmapPartners() {
    }

    public static Optional<String> of(RunResults run, String jdk, BenchResult r) {
        if (r.benchmark().equals(MmapFamily.WRITE_FLOOR)) {
            // write(2) per chunk from the fork, by construction the C floor's calls: its ratio is the JNI transition
            return Optional.of(WRITE).filter(name -> run.baselines().stream().anyMatch(b -> b.benchmark().equals(name) && sameFile(b, r)));
        }
        Optional<String> strategy = strategy(r);
        if (strategy.isEmpty()) {
            return Optional.empty();
        }
        return run.document(MmapTraceDocument.NAME, MmapTraceDocument.class)
                .flatMap(doc -> doc.of(jdk, strategy.get(), r.param("chunkSize")))
                .flatMap(t -> partner(t.syscalls()))
                .filter(name -> run.baselines().stream().anyMatch(b -> b.benchmark().equals(name) && sameFile(b, r)));
    }

    /** A C result of the same file: chunk size, total and force policy. */
    private static boolean sameFile(BenchResult c, BenchResult jvm) {
        return List.of("chunkSize", "totalBytes", "force").stream().allMatch(p -> java.util.Objects.equals(c.param(p), jvm.param(p)));
    }

    /** The partner of a strategy whose trace shows these syscalls per chunk. */
    static Optional<String> partner(List<SyscallCount.PerOperation> perChunk) {
        if (perChunk.isEmpty()) {
            return Optional.of(MMAP);
        }
        if (perChunk.size() == 1 && perChunk.get(0).syscall().equals("write") && Math.abs(perChunk.get(0).calls() - 1) <= SAME) {
            return Optional.of(WRITE);
        }
        return Optional.empty();
    }

    /** The Java strategy a result measures; empty for JRuby and other benchmarks. */
    private static Optional<String> strategy(BenchResult r) {
        if (r.benchmark().equals(MmapSection.SEGMENT)) {
            return Optional.of(WriteStrategy.MAPPED_MEMORY_SEGMENT.name());
        }
        return r.benchmark().equals(MmapSection.JAVA) ? Optional.ofNullable(r.param("strategy")) : Optional.empty();
    }
}
