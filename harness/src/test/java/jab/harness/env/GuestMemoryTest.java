package jab.harness.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads a sysfs tree laid out as Linux does: /sys/bus/virtio/devices/virtioN/{device,features}. */
class GuestMemoryTest {
    @TempDir
    Path sys;

    @Test
    void aBalloonWithFeatureBitFiveReportsFreePages() throws IOException {
        device("virtio0", "0x0002", "0010001001100100000000000000010010000000");
        device("virtio1", "0x0005", "0110010100000000000000000000000010000000");
        assertThat(GuestMemory.freePageReporting(sys)).contains("on");
    }

    @Test
    void aBalloonWithoutBitFiveDoesNot() throws IOException {
        device("virtio3", "0x0005", "0110000100000000000000000000000010000000");
        assertThat(GuestMemory.freePageReporting(sys)).contains("off");
    }

    @Test
    void noBalloonOrNoSysfsSaysNothing() throws IOException {
        device("virtio0", "0x0001", "1111111111");
        assertThat(GuestMemory.freePageReporting(sys)).isEmpty();
        assertThat(GuestMemory.freePageReporting(sys.resolve("absent"))).isEmpty();
    }

    @Test
    void theBracketedHugePageModeIsTheActiveOne() throws IOException {
        Path enabled = Files.writeString(sys.resolve("enabled"), "always [madvise] never\n");
        assertThat(GuestMemory.transparentHugePages(enabled)).contains("madvise");
        assertThat(GuestMemory.transparentHugePages(sys.resolve("absent"))).isEmpty();
    }

    @Test
    void damonIsOnWhenAnyMonitorRuns() throws IOException {
        Path kdamonds = Files.createDirectories(sys.resolve("kdamonds"));
        Files.createDirectories(kdamonds.resolve("0"));
        Files.writeString(kdamonds.resolve("0/state"), "off\n");
        assertThat(GuestMemory.damon(kdamonds)).contains("off");
        Files.createDirectories(kdamonds.resolve("1"));
        Files.writeString(kdamonds.resolve("1/state"), "on\n");
        assertThat(GuestMemory.damon(kdamonds)).contains("on");
        assertThat(GuestMemory.damon(sys.resolve("absent"))).isEmpty();
    }

    private void device(String name, String id, String features) throws IOException {
        Path d = Files.createDirectories(sys.resolve(name));
        Files.writeString(d.resolve("device"), id + "\n");
        Files.writeString(d.resolve("features"), features + "\n");
    }
}
