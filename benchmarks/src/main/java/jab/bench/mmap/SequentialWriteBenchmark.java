package jab.bench.mmap;

import java.io.IOException;
import java.nio.ByteBuffer;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

import jab.mmap.Pattern;

/**
 * Time to write {@code totalBytes} front to back in {@code chunkSize} pieces with each Java
 * {@link WriteStrategy}. The figure depends on the page cache (how fast the kernel hands out and
 * zeroes pages: first-touch page faults for mappings, copies in write(2) for the others), the
 * system calls per chunk, the filesystem of {@code --dir} and, with {@code force=true}, the device.
 *
 * <p>Run: {@code ./jab run SequentialWrite -p chunkSize=4096 -p totalBytes=268435456 -p force=false,true}
 */
public class SequentialWriteBenchmark extends SingleShotWrite {

    /** MAPPED_MEMORY_SEGMENT is left out here: {@link MappedSegmentWriteBenchmark} measures it on JDK 22 and later. */
    @Param({"JAB_MAPPED_WRITER", "FILECHANNEL_HEAP", "FILECHANNEL_DIRECT", "RANDOM_ACCESS_FILE", "BUFFERED_OUTPUT_STREAM"})
    public WriteStrategy strategy;

    private byte[] chunk;
    private ByteBuffer direct;

    @Setup
    public void prepareChunk() {
        chunk = Pattern.chunk(chunkSize);
        direct = ByteBuffer.allocateDirect(chunkSize).put(chunk).flip();
    }

    @Benchmark
    public long writeFile() throws IOException {
        return strategy.write(file, chunk, direct, totalBytes, force);
    }
}
