package jab.harness.mmap;

import java.util.Optional;

import jab.harness.results.BenchResult;

/**
 * The C floor a Java write strategy is divided by: the native method that makes the same syscalls
 * per chunk, as {@code jab verify mmap} traces them. The mapped writers make none per chunk (the
 * data is copied into the mapping): C mmap+memcpy. FileChannel and RandomAccessFile make one write
 * per chunk: C write(2) of the same chunk. BufferedOutputStream gathers chunks below its 8 KiB
 * buffer into 8 KiB writes, which no C baseline makes, and passes larger ones through as one write
 * each. JRuby strategies have none: C has no Ruby String to cross, so a ratio would mix the floor
 * with the crossing that seed 004 is about.
 */
final class MmapPartners {
    static final String MMAP = "native.mmap.mmap_memcpy";
    static final String WRITE = "native.mmap.write";
    /** BufferedOutputStream's default buffer: chunks at least this big go to write(2) unbuffered. */
    private static final int BUFFER = 8192;

    private MmapPartners() {
    }

    static Optional<String> of(BenchResult r) {
        if (r.benchmark().equals(MmapSection.SEGMENT)) {
            return Optional.of(MMAP);
        }
        if (!r.benchmark().equals(MmapSection.JAVA) || r.param("strategy") == null) {
            return Optional.empty();
        }
        switch (r.param("strategy")) {
            case "JAB_MAPPED_WRITER":
            case "MAPPED_MEMORY_SEGMENT":
                return Optional.of(MMAP);
            case "FILECHANNEL_HEAP":
            case "FILECHANNEL_DIRECT":
            case "RANDOM_ACCESS_FILE":
                return Optional.of(WRITE);
            case "BUFFERED_OUTPUT_STREAM":
                return Integer.parseInt(r.param("chunkSize")) >= BUFFER ? Optional.of(WRITE) : Optional.empty();
            default:
                return Optional.empty();
        }
    }
}
