package jab.mmap.jruby;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;

import org.jruby.RubyString;
import org.jruby.util.ByteList;

import jab.mmap.ForcePolicy;
import jab.mmap.MappedFileWriter;

/**
 * The jab writer as a plain Java class that Ruby calls through JRuby's Java integration (seed 004's
 * {@code MmapFile}). The three write methods differ only in how a Ruby String crosses into Java,
 * which is what the JRuby benchmarks compare.
 */
public final class MmapFile {
    private final MappedFileWriter writer;

    public MmapFile(String path, int windowSize, boolean force) throws IOException {
        writer = new MappedFileWriter(Paths.get(path), windowSize, force ? ForcePolicy.onClose() : ForcePolicy.never());
    }

    /**
     * Autoboxing: JRuby decodes the Ruby String into a new java.lang.String before the call, and
     * the bytes are encoded again here: two conversions and two copies per write.
     */
    public void writeString(String s) throws IOException {
        writer.write(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Safe: the Ruby String arrives as itself; its bytes are copied into a fresh array. */
    public void writeSafe(RubyString s) throws IOException {
        writer.write(s.getBytes());
    }

    /**
     * Unsafe: the Ruby String's backing array is written directly. The array is shared with other
     * strings and may be larger than the string: only {@code realSize} bytes from {@code begin} are it.
     */
    public void writeUnsafe(RubyString s) throws IOException {
        ByteList bytes = s.getByteList();
        writer.write(bytes.unsafeBytes(), bytes.begin(), bytes.realSize());
    }

    /** Writes from the start of the current window again (see {@link MappedFileWriter#rewind()}). */
    public void rewind() throws IOException {
        writer.rewind();
    }

    public long written() {
        return writer.written();
    }

    public void close() throws IOException {
        writer.close();
    }
}
