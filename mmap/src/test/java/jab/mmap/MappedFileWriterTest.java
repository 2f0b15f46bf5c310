package jab.mmap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MappedFileWriterTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "window {0}, chunk {1}, total {2}")
    @CsvSource({
        "4096, 1024, 1048576",   // chunks fill windows exactly
        "4096, 1000, 100000",    // chunks straddle window ends, a short last chunk
        "7, 3, 1000",            // a window that is no multiple of the page size
        "5, 16, 333",            // every chunk wider than a window: one write spans several
        "1, 2, 9",               // the smallest window
        "65536, 4096, 0"})       // nothing written: an empty file
    void writesThePatternAcrossWindowsAndCutsTheFileToTheData(int window, int chunkSize, long total) throws IOException {
        Path file = dir.resolve("out");
        byte[] chunk = Pattern.chunk(chunkSize);
        try (MappedFileWriter w = new MappedFileWriter(file, window, ForcePolicy.never())) {
            for (long left = total; left > 0; left -= chunkSize) {
                w.write(chunk, 0, (int) Math.min(chunkSize, left));
            }
            assertThat(w.written()).isEqualTo(total);
            assertThat(w.windowsMapped()).isEqualTo((total + window - 1) / window);
        }
        assertThat(Files.size(file)).isEqualTo(total);
        assertThat(Pattern.crcOf(file)).isEqualTo(Pattern.expectedCrc(chunkSize, total));
    }

    @Test
    void appendingContinuesAFileAtItsValidEndAndPreallocatesWholeWindows() throws IOException {
        Path f = dir.resolve("log");
        Files.write(f, "first|garbage-after-the-valid-end".getBytes());
        try (MappedFileWriter w = MappedFileWriter.appending(f, 6, 16, ForcePolicy.onClose())) {
            w.write("second|".getBytes());
            // the window's blocks were written before it was mapped: the file already reaches its end
            assertThat(Files.size(f)).isEqualTo(6 + 16);
            w.write("a record longer than one window".getBytes()); // allocated whole, then copied
            w.force();
            assertThat(w.written()).isEqualTo(7 + 31);
        }
        assertThat(Files.readString(f)).isEqualTo("first|second|a record longer than one window");
    }

    @Test
    void appendingRefusesAWriteItCannotAllocateWithNothingOfItWritten() throws Exception {
        Path f = dir.resolve("log");
        // a file-size limit makes allocation fail as a full disk does: a write error, not SIGBUS
        Process p = new ProcessBuilder("bash", "-c", "ulimit -f 64 && exec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -cp '" + System.getProperty("java.class.path") + "' '" + AppendUntilFull.class.getName() + "' '" + f + "'")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        assertThat(p.waitFor()).as(out).isZero();
        long written = Long.parseLong(out.replaceAll("(?s).*written (\\d+).*", "$1"));
        assertThat(out).contains("refused:");
        byte[] data = Files.readAllBytes(f);
        // whole 1000-byte records of 'r', then only the zeros of the last allocation
        for (int i = 0; i < data.length; i++) {
            assertThat(data[i]).as("byte %d of %d (%d written)", i, data.length, written).isEqualTo(i < written ? (byte) 'r' : 0);
        }
        assertThat(written % 1000).isZero();
    }

    /** Appends 1000-byte records until a write is refused; prints how many bytes went in. */
    static final class AppendUntilFull {
        public static void main(String[] args) throws IOException {
            byte[] record = new byte[1000];
            Arrays.fill(record, (byte) 'r');
            MappedFileWriter w = MappedFileWriter.appending(Path.of(args[0]), 0, 24 * 1024, ForcePolicy.never());
            try {
                for (int i = 0; i < 1000; i++) {
                    w.write(record);
                }
            } catch (IOException e) {
                System.out.println("refused: " + e.getMessage());
            }
            System.out.println("written " + w.written());
            // no close: a crash leaves the file as it is, zeros after the data included
        }
    }

    @Test
    void byteBuffersHeapAndDirectSpanWindowsAndAdvance() throws IOException {
        Path file = dir.resolve("out");
        byte[] data = new byte[10_000];
        new Random(4).nextBytes(data);
        ByteBuffer direct = ByteBuffer.allocateDirect(3_000).put(data, 5_000, 3_000).flip();
        try (MappedFileWriter w = new MappedFileWriter(file, 4096, ForcePolicy.never())) {
            ByteBuffer heap = ByteBuffer.wrap(data, 0, 5_000);
            w.write(heap);
            assertThat(heap.remaining()).isZero();
            w.write(direct);
            assertThat(direct.remaining()).isZero();
            w.write(ByteBuffer.wrap(data, 8_000, 2_000).slice());
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(data);
    }

    @Test
    void zeroLengthWritesChangeNothingEvenAtAWindowEnd() throws IOException {
        Path file = dir.resolve("out");
        try (MappedFileWriter w = new MappedFileWriter(file, 4, ForcePolicy.never())) {
            w.write(new byte[0], 0, 0);
            assertThat(w.windowsMapped()).isZero();
            w.write(new byte[] {1, 2, 3, 4});
            w.write(new byte[] {9}, 1, 0); // off == length, len 0: legal
            w.write(ByteBuffer.allocate(0));
            assertThat(w.windowsMapped()).isEqualTo(1); // a full window is not followed by an empty one
            w.write(new byte[] {5});
        }
        assertThat(Files.readAllBytes(file)).containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void badRangesAreRefusedWithoutWriting() throws IOException {
        Path file = dir.resolve("out");
        try (MappedFileWriter w = new MappedFileWriter(file, 8, ForcePolicy.never())) {
            assertThatThrownBy(() -> w.write(new byte[4], 2, 3)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> w.write(new byte[40], -1, 20)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> w.write(new byte[40], 30, 20)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(w.written()).isZero();
        }
        assertThat(Files.size(file)).isZero();
    }

    @Test
    void closeTwiceIsHarmlessAndWritesAfterCloseThrow() throws IOException {
        Path file = dir.resolve("out");
        MappedFileWriter w = new MappedFileWriter(file, 4096, ForcePolicy.onClose());
        w.write(new byte[] {7, 8});
        w.close();
        w.close();
        assertThat(Files.readAllBytes(file)).containsExactly(7, 8);
        assertThatThrownBy(() -> w.write(new byte[] {1})).isInstanceOf(ClosedChannelException.class);
        assertThatThrownBy(() -> w.write(new byte[0])).isInstanceOf(ClosedChannelException.class);
        assertThatThrownBy(() -> w.write(ByteBuffer.allocate(1))).isInstanceOf(ClosedChannelException.class);
        assertThat(Files.readAllBytes(file)).containsExactly(7, 8);
    }

    @Test
    void closeUnmapsAtOnceSoTheFileCanBeReplaced() throws IOException {
        assertThat(Mapping.prompt()).as(Mapping.method()).isTrue();
        assertThat(MappedFileWriter.unmapMethod()).contains(Runtime.version().feature() >= 22 ? "Arena" : "invokeCleaner");
        Path file = dir.resolve("out");
        try (MappedFileWriter w = new MappedFileWriter(file, 1 << 20, ForcePolicy.never())) {
            w.write(Pattern.chunk(1000));
        }
        // the mapping is gone: the kernel's list of this process's mappings no longer names the file
        Path maps = Path.of("/proc/self/maps");
        if (Files.isReadable(maps)) {
            assertThat(Files.readString(maps)).doesNotContain(file.toString());
        }
        Files.delete(file);
    }

    @Test
    void forceEveryNBytesAndOnCloseKeepTheContent() throws IOException {
        for (ForcePolicy p : new ForcePolicy[] {ForcePolicy.everyBytes(3000), ForcePolicy.onClose(), ForcePolicy.never()}) {
            Path file = dir.resolve("out-" + p.toString().replace(' ', '-'));
            try (MappedFileWriter w = new MappedFileWriter(file, 4096, p)) {
                for (int i = 0; i < 10; i++) {
                    w.write(Pattern.chunk(1024));
                }
            }
            assertThat(Pattern.crcOf(file)).as(p.toString()).isEqualTo(Pattern.expectedCrc(1024, 10240));
        }
        assertThatThrownBy(() -> ForcePolicy.everyBytes(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void offsetsBeyondTwoGibibytesAreLongsThroughout() throws IOException {
        // A sparse hole up to 10 bytes before 2^31, then data across the boundary through a window
        // that itself straddles it: the file is about 2 GiB long but holds 40 KiB of data.
        Path file = dir.resolve("big");
        long start = (1L << 31) - 10;
        byte[] chunk = Pattern.chunk(4096);
        try (MappedFileWriter w = MappedFileWriter.startingAt(file, 8192, ForcePolicy.never(), start)) {
            for (int i = 0; i < 10; i++) {
                w.write(chunk);
            }
            assertThat(w.written()).isEqualTo(40960);
        }
        assertThat(Files.size(file)).isEqualTo(start + 40960);
        ByteBuffer back = ByteBuffer.allocate(40960);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (back.hasRemaining() && ch.read(back, start + back.position()) > 0) {
                // read until full
            }
        }
        byte[] expected = new byte[40960];
        for (int i = 0; i < 10; i++) {
            System.arraycopy(chunk, 0, expected, i * 4096, 4096);
        }
        assertThat(Arrays.equals(back.array(), expected)).isTrue();
        Files.delete(file);
    }

    @Test
    void theLengthIsReservedAheadWhileWritingAndCutToTheDataOnClose() throws IOException {
        Path file = dir.resolve("out");
        try (MappedFileWriter w = new MappedFileWriter(file, 4096, ForcePolicy.never(), 1 << 20)) {
            w.write(Pattern.chunk(1000));
            assertThat(Files.size(file)).isEqualTo(4096 + (1 << 20));
            for (int i = 0; i < 1100; i++) { // past the first reserve: a second one
                w.write(Pattern.chunk(1000));
            }
            // the window ending at 258 * 4096 was the first past 4096 + 2^20: it set the second reserve
            assertThat(Files.size(file)).isEqualTo(258 * 4096 + (1 << 20));
        }
        assertThat(Files.size(file)).isEqualTo(1101 * 1000);
        assertThat(Pattern.crcOf(file)).isEqualTo(Pattern.expectedCrc(1000, 1101 * 1000));
    }

    @Test
    void withoutAReserveEachWindowExtendsTheFileToItsEnd() throws IOException {
        Path file = dir.resolve("out");
        try (MappedFileWriter w = new MappedFileWriter(file, 4096, ForcePolicy.never(), 0)) {
            w.write(Pattern.chunk(5000));
            assertThat(Files.size(file)).isEqualTo(8192);
        }
        assertThat(Files.size(file)).isEqualTo(5000);
    }

    @Test
    void anExistingFileIsEmptiedFirst() throws IOException {
        Path file = dir.resolve("out");
        Files.write(file, new byte[100_000]);
        try (MappedFileWriter w = new MappedFileWriter(file, 4096, ForcePolicy.never())) {
            w.write(Pattern.chunk(10));
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(Pattern.chunk(10));
    }

    @Test
    void badWindowSizeOrReserveIsRefused() {
        assertThatThrownBy(() -> new MappedFileWriter(dir.resolve("x"), 0, ForcePolicy.never()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MappedFileWriter(dir.resolve("x"), 4096, ForcePolicy.never(), -1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
