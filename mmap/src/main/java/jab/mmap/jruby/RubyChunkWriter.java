package jab.mmap.jruby;

import org.jruby.RubyModule;
import org.jruby.internal.runtime.methods.DynamicMethod;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * One open writer of a {@link RubyWriteStrategy} holding one chunk, on the Ruby side
 * ({@code JabMmapCalls} in {@code strategies.rb}): {@link #write()} makes the strategy's write call
 * once. The Ruby methods are looked up once here and called directly, so what Java adds to every
 * write is one method invocation, the same for all seven strategies; the crossing being compared
 * happens inside the compiled Ruby method.
 */
public final class RubyChunkWriter implements AutoCloseable {
    private final ThreadContext context;
    private final IRubyObject writer;
    private final RubyModule type;
    private final DynamicMethod writeOne;
    private final DynamicMethod rewind;
    private final DynamicMethod close;

    RubyChunkWriter(ThreadContext context, IRubyObject writer) {
        this.context = context;
        this.writer = writer;
        this.type = writer.getMetaClass();
        this.writeOne = type.searchMethod("write_one");
        this.rewind = type.searchMethod("rewind");
        this.close = type.searchMethod("close");
    }

    /** Writes the chunk at the current position; returns what the Ruby call returned (for a blackhole). */
    public IRubyObject write() {
        return writeOne.call(context, writer, type, "write_one");
    }

    /** Back to the start of the region, which stays mapped (or, for Ruby's File, in the page cache). */
    public void rewind() {
        rewind.call(context, writer, type, "rewind");
    }

    @Override
    public void close() {
        close.call(context, writer, type, "close");
    }
}
