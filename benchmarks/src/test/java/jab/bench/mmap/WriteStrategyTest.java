package jab.bench.mmap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jab.mmap.Pattern;

class WriteStrategyTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(WriteStrategy.class)
    void everyStrategyWritesThePatternExactly(WriteStrategy s) throws IOException {
        if (Runtime.version().feature() < s.minimumJdk()) {
            assertThatThrownBy(() -> write(s, 1000, 10_000, false)).isInstanceOf(Throwable.class);
            return;
        }
        for (int chunkSize : new int[] {1024, 4096, 16384}) {
            for (boolean force : new boolean[] {false, true}) {
                long total = 3L * chunkSize * 17 + 123; // a short last chunk
                Path file = write(s, chunkSize, total, force);
                assertThat(Files.size(file)).as(s + " " + chunkSize).isEqualTo(total);
                assertThat(Pattern.crcOf(file)).as(s + " " + chunkSize).isEqualTo(Pattern.expectedCrc(chunkSize, total));
                Files.delete(file);
            }
        }
    }

    @Test
    void theDefaultParamListsTheStrategiesOfEveryJdk() throws Exception {
        var p = SequentialWriteBenchmark.class.getField("strategy").getAnnotation(org.openjdk.jmh.annotations.Param.class);
        assertThat(p.value()).containsExactly(WriteStrategy.EVERY_JDK);
        assertThat(Arrays.stream(WriteStrategy.values()).filter(s -> s.minimumJdk() <= 11).map(Enum::name))
                .containsExactly(WriteStrategy.EVERY_JDK);
    }

    private Path write(WriteStrategy s, int chunkSize, long total, boolean force) throws IOException {
        Path file = dir.resolve(s + "-" + chunkSize);
        byte[] chunk = Pattern.chunk(chunkSize);
        ByteBuffer direct = ByteBuffer.allocateDirect(chunkSize).put(chunk).flip();
        assertThat(s.write(file, chunk, direct, total, force)).isEqualTo(total);
        return file;
    }
}
