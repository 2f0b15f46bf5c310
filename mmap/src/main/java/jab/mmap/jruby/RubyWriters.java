package jab.mmap.jruby;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.jruby.Ruby;
import org.jruby.RubyInstanceConfig;
import org.jruby.RubyModule;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * An embedded JRuby runtime with the extension loaded and the Ruby side of the benchmarks
 * ({@code jab/mmap/ruby/strategies.rb}) evaluated; {@link #write} runs one strategy's whole loop
 * in Ruby, {@link #open} gives a writer that makes one strategy's write call once per call. Start
 * one per JVM: booting JRuby takes seconds.
 */
public final class RubyWriters implements AutoCloseable {
    static final String SCRIPT = "jab/mmap/ruby/strategies.rb";

    private final Ruby runtime;
    private final RubyModule bench;
    private final RubyModule calls;

    private RubyWriters(Ruby runtime) {
        this.runtime = runtime;
        new MmapExtService().basicLoad(runtime);
        runtime.executeScript(script(), SCRIPT);
        this.bench = runtime.getModule("JabMmapBench");
        this.calls = runtime.getModule("JabMmapCalls");
    }

    /**
     * A runtime whose JIT compiles each Ruby method on its first call, in the calling thread: the
     * loop runs in one call per file, so JRuby's default (compile after 50 calls, in the
     * background) would time its interpreter instead.
     */
    public static RubyWriters start() {
        RubyInstanceConfig config = new RubyInstanceConfig();
        config.setCompileMode(RubyInstanceConfig.CompileMode.JIT);
        config.setJitThreshold(0);
        config.setJitBackground(false);
        return new RubyWriters(Ruby.newInstance(config));
    }

    /** Writes {@code totalBytes} of {@link jab.mmap.Pattern} in {@code chunkSize} pieces from Ruby; returns bytes written. */
    public long write(RubyWriteStrategy strategy, Path file, int chunkSize, long totalBytes, int windowSize, boolean force) {
        ThreadContext ctx = runtime.getCurrentContext();
        IRubyObject n = bench.callMethod(ctx, strategy.rubyName(), new IRubyObject[] {
            runtime.newString(file.toString()), runtime.newFixnum(chunkSize), runtime.newFixnum(totalBytes),
            runtime.newFixnum(windowSize), runtime.newBoolean(force)});
        return n.convertToInteger().getLongValue();
    }

    /**
     * An open writer of {@code strategy} on {@code file} that writes one {@code chunkSize} chunk per
     * call, its mapped window {@code regionBytes} long (see {@link RubyChunkWriter}).
     */
    public RubyChunkWriter open(RubyWriteStrategy strategy, Path file, int chunkSize, int regionBytes) {
        ThreadContext ctx = runtime.getCurrentContext();
        IRubyObject w = calls.callMethod(ctx, "open", new IRubyObject[] {runtime.newString(strategy.rubyName()),
            runtime.newString(file.toString()), runtime.newFixnum(chunkSize), runtime.newFixnum(regionBytes)});
        return new RubyChunkWriter(ctx, w);
    }

    /** The JRuby version, for the results. */
    public String version() {
        return runtime.evalScriptlet("\"JRuby #{JRUBY_VERSION} (Ruby #{RUBY_VERSION})\"").toString();
    }

    /** Evaluates Ruby code (tests use it to build strings with odd begin/realSize). */
    public IRubyObject eval(String ruby) {
        return runtime.evalScriptlet(ruby);
    }

    private static String script() {
        try (InputStream in = RubyWriters.class.getClassLoader().getResourceAsStream(SCRIPT)) {
            if (in == null) {
                throw new IllegalStateException(SCRIPT + " missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        runtime.tearDown(false);
    }
}
