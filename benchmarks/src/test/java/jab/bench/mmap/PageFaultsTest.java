package jab.bench.mmap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import jab.mmap.Unmapper;

class PageFaultsTest {
    @TempDir
    Path dir;

    @Test
    @EnabledOnOs(OS.LINUX)
    void touchingAFreshMappingTakesMinorFaults() throws IOException {
        int pages = 256;
        try (FileChannel ch = FileChannel.open(dir.resolve("fresh.bin"), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, pages * 4096L);
            PageFaults before = PageFaults.now();
            for (int p = 0; p < pages; p++) {
                map.put(p * 4096, (byte) 1);
            }
            PageFaults after = PageFaults.now();
            Unmapper.unmap(map);
            // The kernel may fill several pages per fault (fault-around, large folios), never none.
            assertThat(after.minor - before.minor).isPositive();
            assertThat(after.minor - before.minor).isLessThanOrEqualTo(pages + 64L);
        }
    }

    @Test
    void readsMinorAndMajorFaultsAfterACommandNameWithSpacesAndParentheses() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 1234 0 56 0 10 5 0 0 20 0 30 0";
        PageFaults f = PageFaults.parse(stat);
        assertThat(f.minor).isEqualTo(1234);
        assertThat(f.major).isEqualTo(56);
    }
}
