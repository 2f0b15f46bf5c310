package jab.bench.mmap;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

import jab.mmap.MappedFileWriter;
import jab.mmap.jruby.RubyWriteStrategy;
import jab.mmap.jruby.RubyWriters;

/**
 * Seed 004 on this machine: time to write {@code totalBytes} in {@code chunkSize} Ruby Strings from
 * an embedded JRuby (9.4) with each {@link RubyWriteStrategy}; one invocation runs the whole Ruby
 * loop. Beyond what {@link SequentialWriteBenchmark} depends on, the figure depends on how the
 * String crosses into Java: decoded to java.lang.String, copied, or its backing array referenced.
 * JRuby boots once per fork, outside the timing; its JIT compiles each Ruby method on first call.
 *
 * <p>Run: {@code ./jab run JRubyWrite -p chunkSize=1024 -p rubyStrategy=EXT_MMAP_UNSAFE,RUBY_FILE}
 */
public class JRubyWriteBenchmark extends SingleShotWrite {

    @Param
    public RubyWriteStrategy rubyStrategy;

    private RubyWriters ruby;

    @Setup
    public void bootJRuby() {
        ruby = RubyWriters.start();
    }

    @TearDown
    public void stopJRuby() {
        ruby.close();
    }

    @Benchmark
    public long writeFromRuby() {
        return ruby.write(rubyStrategy, file, chunkSize, totalBytes, MappedFileWriter.DEFAULT_WINDOW, force);
    }
}
