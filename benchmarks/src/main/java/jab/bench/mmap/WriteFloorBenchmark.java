package jab.bench.mmap;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

import jab.fork.Syscalls;
import jab.mmap.Pattern;

/**
 * The in-process floor of the Java write strategies: the same file of {@code totalBytes}, written in
 * {@code chunkSize} pieces with write(2) called from the JVM through JNI, the chunk already in native
 * memory. It is what a write strategy comes down to on Linux without the JDK's streams, channels and
 * buffers (a mapping, by contrast, makes page faults instead of these calls), so a question that
 * interleaves it with them shows their cost as a ratio measured in the same moments. The C floor run
 * outside the JVM (write_baseline) is its cross-check.
 *
 * <p>Run: {@code ./jab run 'SequentialWriteBenchmark.writeFile|WriteFloorBenchmark' -p chunkSize=4096}
 */
public class WriteFloorBenchmark extends SingleShotWrite {
    private long chunk;
    private long path;

    @Setup
    public void prepareChunk() {
        chunk = Syscalls.bytes(Pattern.chunk(chunkSize));
    }

    @TearDown
    public void freeChunk() {
        Syscalls.free(chunk);
    }

    /** The file's path in native memory: made per file, outside the timing, freed once the file is checked. */
    @Override
    protected void fileChosen() {
        path = Syscalls.path(file.toString());
    }

    @Override
    protected void fileDone() {
        Syscalls.free(path);
    }

    @Benchmark
    public long writeFile() {
        long written = Syscalls.writeFile(path, chunk, chunkSize, totalBytes, force);
        if (written < 0) {
            throw new IllegalStateException("write(2) to " + file + " failed: errno " + -written);
        }
        return written;
    }
}
