package jab.kv.persist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PositionalLogTest {
    @TempDir
    Path dir;

    @Test
    void writesRecordsIntoZerosAllocatedAheadAndClosesCutToTheRecords() throws Exception {
        Path file = dir.resolve("appendonly.aof");
        byte[] first = "*1\r\n$8\r\nFLUSHALL\r\n".getBytes(StandardCharsets.US_ASCII);
        PositionalLog log = new PositionalLog(file, 0);
        log.write(first, 0, first.length);
        assertThat(Files.readAllBytes(file)).hasSize(PositionalLog.ALLOCATE).containsOnly((byte) 0); // gathered, not yet written
        log.flush();
        log.force();
        // while open, the file reaches the allocated megabyte, zeros after the record
        byte[] open = Files.readAllBytes(file);
        assertThat(open).hasSize(PositionalLog.ALLOCATE);
        assertThat(Arrays.copyOf(open, first.length)).isEqualTo(first);
        assertThat(Arrays.copyOfRange(open, first.length, open.length)).containsOnly((byte) 0);
        log.close();
        assertThat(Files.readAllBytes(file)).isEqualTo(first);
    }

    @Test
    void continuesAfterTheLastWholeRecordCuttingOffWhatFollows() throws Exception {
        Path file = dir.resolve("appendonly.aof");
        byte[] record = "*1\r\n$8\r\nFLUSHALL\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] torn = Arrays.copyOf(record, record.length + 5); // a record, then 5 bytes of one cut short
        System.arraycopy(record, 0, torn, record.length, 5);
        Files.write(file, torn);
        try (PositionalLog log = new PositionalLog(file, record.length)) {
            log.write(record, 0, record.length);
        }
        byte[] both = new byte[2 * record.length];
        System.arraycopy(record, 0, both, 0, record.length);
        System.arraycopy(record, 0, both, record.length, record.length);
        assertThat(Files.readAllBytes(file)).isEqualTo(both);
    }

    @Test
    void aRecordLargerThanTheAllocationStepIsWrittenWhole() throws Exception {
        Path file = dir.resolve("appendonly.aof");
        byte[] big = new byte[PositionalLog.ALLOCATE + 10];
        Arrays.fill(big, (byte) 'x');
        try (PositionalLog log = new PositionalLog(file, 0)) {
            log.write(big, 0, big.length);
            assertThat(Files.size(file)).isEqualTo(2L * PositionalLog.ALLOCATE);
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(big);
    }
}
