package jab.mmap.jruby;

import java.io.IOException;
import java.nio.file.Paths;

import org.jruby.Ruby;
import org.jruby.RubyClass;
import org.jruby.RubyObject;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.Visibility;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

import jab.mmap.ForcePolicy;
import jab.mmap.MappedFileWriter;

/**
 * The jab writer as a Ruby class defined by a JRuby extension ({@link MmapExtService}): Ruby calls
 * its methods directly, without the Java-integration layer's argument conversion and dispatch.
 * {@code MmapFileExt.new(path, window_size, force)}, {@code write_safe(str)}, {@code write_unsafe(str)},
 * {@code rewind}, {@code written}, {@code close}.
 */
public final class MmapFileExt extends RubyObject {
    private MappedFileWriter writer;

    public MmapFileExt(Ruby runtime, RubyClass type) {
        super(runtime, type);
    }

    @JRubyMethod(visibility = Visibility.PRIVATE)
    public IRubyObject initialize(ThreadContext context, IRubyObject path, IRubyObject windowSize, IRubyObject force) {
        try {
            writer = new MappedFileWriter(Paths.get(path.convertToString().toString()),
                    (int) windowSize.convertToInteger().getLongValue(),
                    force.isTrue() ? ForcePolicy.onClose() : ForcePolicy.never());
        } catch (IOException e) {
            throw context.runtime.newIOErrorFromException(e);
        }
        return this;
    }

    /** Copies the string's bytes, then writes the copy. */
    @JRubyMethod(name = "write_safe")
    public IRubyObject writeSafe(ThreadContext context, IRubyObject str) {
        try {
            writer.write(str.convertToString().getBytes());
        } catch (IOException e) {
            throw context.runtime.newIOErrorFromException(e);
        }
        return context.nil;
    }

    /** Writes straight from the string's backing array: {@code realSize} bytes from {@code begin}. */
    @JRubyMethod(name = "write_unsafe")
    public IRubyObject writeUnsafe(ThreadContext context, IRubyObject str) {
        ByteList bytes = str.convertToString().getByteList();
        try {
            writer.write(bytes.unsafeBytes(), bytes.begin(), bytes.realSize());
        } catch (IOException e) {
            throw context.runtime.newIOErrorFromException(e);
        }
        return context.nil;
    }

    /** Writes from the start of the current window again (see {@link MappedFileWriter#rewind()}). */
    @JRubyMethod
    public IRubyObject rewind(ThreadContext context) {
        try {
            writer.rewind();
        } catch (IOException e) {
            throw context.runtime.newIOErrorFromException(e);
        }
        return context.nil;
    }

    @JRubyMethod
    public IRubyObject written(ThreadContext context) {
        return context.runtime.newFixnum(writer.written());
    }

    @JRubyMethod
    public IRubyObject close(ThreadContext context) {
        try {
            writer.close();
        } catch (IOException e) {
            throw context.runtime.newIOErrorFromException(e);
        }
        return context.nil;
    }
}
