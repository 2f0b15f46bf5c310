package jab.mmap.jruby;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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
}
