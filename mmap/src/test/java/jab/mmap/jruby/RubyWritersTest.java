package jab.mmap.jruby;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.jruby.RubyString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jab.mmap.Pattern;

class RubyWritersTest {
    static RubyWriters ruby;

    @TempDir
    Path dir;

    @BeforeAll
    static void boot() {
        ruby = RubyWriters.start();
    }

    @AfterAll
    static void tearDown() {
        ruby.close();
    }

    @ParameterizedTest
    @EnumSource(RubyWriteStrategy.class)
    void everyStrategyWritesThePatternExactly(RubyWriteStrategy s) throws IOException {
        // 1000-byte chunks in 4 KiB windows with a short last chunk: window ends fall inside chunks.
        for (boolean force : new boolean[] {false, true}) {
            Path file = dir.resolve(s + "-" + force);
            long n = ruby.write(s, file, 1000, 100_123, 4096, force);
            assertThat(n).isEqualTo(100_123);
            assertThat(Files.size(file)).as(s.name()).isEqualTo(100_123);
            assertThat(Pattern.crcOf(file)).as(s.name()).isEqualTo(Pattern.expectedCrc(1000, 100_123));
        }
    }

    @Test
    void unsafeWritesHonourBeginAndRealSizeOfASharedString() throws IOException {
        // A substring shares its parent's array from an offset: begin > 0, array longer than the string.
        RubyString middle = (RubyString) ruby.eval("$parent = ('0123456789' * 3).freeze; $parent[13, 5]");
        assertThat(middle.getByteList().begin()).isEqualTo(13);
        assertThat(middle.getByteList().unsafeBytes().length).isGreaterThan(5);
        Path viaJava = dir.resolve("java");
        MmapFile f = new MmapFile(viaJava.toString(), 4096, false);
        f.writeUnsafe(middle);
        f.close();
        assertThat(Files.readString(viaJava)).isEqualTo("34567");

        Path viaExt = dir.resolve("ext");
        ruby.eval("f = MmapFileExt.new('" + viaExt + "', 3, false); f.write_unsafe($parent[13, 5]); "
                + "f.write_safe($parent[1, 2]); f.close; f.close");
        assertThat(Files.readString(viaExt)).isEqualTo("3456712");
    }

    @Test
    void reportsItsVersion() {
        assertThat(ruby.version()).startsWith("JRuby 9.4");
    }

    // The call-cost side: one chunk per call, and rewinding keeps the writes inside the region.

    @ParameterizedTest
    @EnumSource(RubyWriteStrategy.class)
    void everyStrategyWritesOneChunkPerCallAndRewindsToTheRegionsStart(RubyWriteStrategy s) throws IOException {
        int chunk = 1000;
        int region = 64 * 1024;
        Path file = dir.resolve(s.name());
        try (RubyChunkWriter w = ruby.open(s, file, chunk, region)) {
            for (int i = 0; i < region / chunk; i++) {
                w.write();
            }
            // Three more regions' worth of writes, going back at each end, as the benchmark does.
            for (int round = 0; round < 3; round++) {
                w.rewind();
                for (int i = 0; i < region / chunk; i++) {
                    w.write();
                }
            }
        }
        // Without a working rewind, the writers would have gone on past the region (mapping new windows).
        assertThat(Files.size(file)).as(s.name()).isLessThanOrEqualTo(region);
        // The region holds the pattern, chunk after chunk (Ruby's File buffers: checked after close).
        assertThat(Pattern.crcOf(prefix(file, region / chunk * chunk)))
                .as(s.name()).isEqualTo(Pattern.expectedCrc(chunk, region / chunk * chunk));
    }

    @Test
    void aRewoundJavaWriterOverwritesFromTheWindowsStart() throws IOException {
        Path file = dir.resolve("rewind");
        MmapFile f = new MmapFile(file.toString(), 4096, false);
        f.writeSafe(ruby.eval("'abcdef'").convertToString());
        f.rewind();
        f.writeSafe(ruby.eval("'xyz'").convertToString());
        assertThat(f.written()).isEqualTo(3);
        f.close();
        assertThat(Files.readString(file, StandardCharsets.US_ASCII)).isEqualTo("xyz");
    }

    /** The first {@code n} bytes of the file, as a file of their own. */
    private Path prefix(Path file, int n) throws IOException {
        byte[] all = Files.readAllBytes(file);
        Path p = dir.resolve(file.getFileName() + ".prefix");
        Files.write(p, java.util.Arrays.copyOf(all, n));
        return p;
    }
}
