package jab.bench.mmap;

import java.io.IOException;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

import jab.mmap.Pattern;

/**
 * {@link WriteStrategy#MAPPED_MEMORY_SEGMENT} (JDK 22+) as its own benchmark, so the harness can run
 * it on JDK 22+ forks only: jab runs one JMH result at a time, and a strategy param that depends on
 * the fork's JDK cannot be added to one without making it several. Same file, chunks and checks as
 * {@link SequentialWriteBenchmark}.
 */
public class MappedSegmentWriteBenchmark extends SingleShotWrite {

    private byte[] chunk;

    @Setup
    public void prepareChunk() {
        chunk = Pattern.chunk(chunkSize);
    }

    @Benchmark
    public long writeFile() throws IOException {
        return WriteStrategy.MAPPED_MEMORY_SEGMENT.write(file, chunk, null, totalBytes, force);
    }
}
