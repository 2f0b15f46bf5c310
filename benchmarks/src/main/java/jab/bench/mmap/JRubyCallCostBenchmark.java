package jab.bench.mmap;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.jruby.runtime.builtin.IRubyObject;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import jab.bench.support.BenchDirs;
import jab.mmap.jruby.RubyChunkWriter;
import jab.mmap.jruby.RubyWriteStrategy;
import jab.mmap.jruby.RubyWriters;

/**
 * What seed 004 is about, without the page faults: the time of one write call of each
 * {@link RubyWriteStrategy}, one {@code chunkSize} Ruby String into a region of
 * {@code regionBytes} that setup has mapped and written once (so every page is faulted in; for
 * Ruby's File, in the page cache). Each call writes at the next offset; at the region's end the
 * writer goes back to its start, keeping the mapping. {@link JRubyWriteBenchmark} times whole files
 * instead, where first-touch faults take most of the time.
 *
 * <p>The figure is the String's crossing into Java (decoded, copied or referenced), the call's
 * dispatch (extension or Java integration) and the copy into mapped memory; the Java-to-Ruby call
 * that starts each write is the same for every strategy. Pages written back by the kernel (after
 * about 30 s dirty) become write-protected, and the next write to one takes a fault again: the
 * iterations are short, but long runs may see a few.
 *
 * <p>Run: {@code ./jab run JRubyCallCost -p chunkSize=1024 -p rubyStrategy=EXT_MMAP_UNSAFE,JAVA_MMAP_AUTOBOXING}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JRubyCallCostBenchmark {

    @Param({"1024", "4096", "16384"})
    public int chunkSize;

    @Param
    public RubyWriteStrategy rubyStrategy;

    /**
     * 64 MiB, the writer's default window: beyond the last-level cache of most machines (32 MiB on the
     * reference VM), so the copy goes to memory, as it does when a file is written.
     */
    @Param("67108864")
    public int regionBytes;

    private Path dir;
    private RubyWriters ruby;
    private RubyChunkWriter writer;
    /** The offset of the next write, and the last offset a whole chunk fits at. */
    private long offset;
    private long lastStart;

    @Setup
    public void openAndFaultIn() {
        if (chunkSize <= 0 || chunkSize > regionBytes) {
            throw new IllegalArgumentException("chunkSize " + chunkSize + " must be 1 to regionBytes (" + regionBytes + ")");
        }
        dir = BenchDirs.freshTrialDir("mmap-call-");
        ruby = RubyWriters.start();
        writer = ruby.open(rubyStrategy, dir.resolve("region.bin"), chunkSize, regionBytes);
        lastStart = regionBytes - chunkSize;
        // The whole region once, with the strategy itself: maps it and takes every first-touch fault.
        for (offset = 0; offset <= lastStart; offset += chunkSize) {
            writer.write();
        }
        writer.rewind();
        offset = 0;
    }

    @Benchmark
    public IRubyObject writeChunk() {
        if (offset > lastStart) {
            writer.rewind();
            offset = 0;
        }
        offset += chunkSize;
        return writer.write();
    }

    @TearDown
    public void closeAndRemove() {
        try {
            writer.close();
            ruby.close();
        } finally {
            BenchDirs.deleteTree(dir);
        }
    }
}
