package jab.harness.env;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;

/**
 * Memory facts that move page-cache figures (the mmap family, fs, kv's heap): whether a virtio
 * balloon reports free pages to the host, whether DAMON watches memory, and the transparent huge page mode. With free page
 * reporting on, memory a benchmark frees (a deleted file's page cache) goes back to the host within
 * seconds, and touching it again costs host page faults: the same write then takes 80 or 110 ms
 * depending on when it ran, which is why such runs need more samples.
 */
final class GuestMemory {
    /** virtio device id of a memory balloon. */
    private static final String BALLOON = "0x0005";
    /** VIRTIO_BALLOON_F_REPORTING: feature bit 5 in the driver's 0/1 feature string. */
    private static final int REPORTING_BIT = 5;

    private GuestMemory() {
    }

    /** "on", "off" (a balloon without reporting) or empty when there is no virtio balloon (or no sysfs). */
    static Optional<String> freePageReporting(Path virtioDevices) {
        if (!Files.isDirectory(virtioDevices)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> devices = Files.newDirectoryStream(virtioDevices)) {
            for (Path d : devices) {
                if (BALLOON.equals(read(d.resolve("device")))) {
                    String features = read(d.resolve("features"));
                    return Optional.of(features.length() > REPORTING_BIT && features.charAt(REPORTING_BIT) == '1' ? "on" : "off");
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * "on" when a DAMON monitor runs ({@code /sys/kernel/mm/damon/admin/kdamonds/N/state}): it may
     * reclaim or reorder pages while a benchmark runs. Empty without DAMON's sysfs interface.
     */
    static Optional<String> damon(Path kdamonds) {
        if (!Files.isDirectory(kdamonds)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(kdamonds)) {
            for (Path d : ds) {
                if ("on".equals(read(d.resolve("state")))) {
                    return Optional.of("on");
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of("off");
    }

    /** The bracketed choice of /sys/kernel/mm/transparent_hugepage/enabled ("always [madvise] never"). */
    static Optional<String> transparentHugePages(Path enabled) {
        Matcher m = java.util.regex.Pattern.compile("\\[(\\w+)]").matcher(read(enabled));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).trim();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
