package jab.harness.env;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import oshi.hardware.HWDiskStore;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.software.os.OSFileStore;
import oshi.software.os.OperatingSystem;

/** The filesystem and the device under the benchmark directory: what fs and mmap figures depend on. */
final class Storage {
    private Storage() {
    }

    static ObjectNode describe(Path dir, HardwareAbstractionLayer hw, OperatingSystem os, ObjectMapper m) {
        ObjectNode st = m.createObjectNode();
        Path real = dir;
        try {
            real = dir.toRealPath();
        } catch (IOException ignored) {
            // describe the path as given
        }
        st.put("dir", real.toString());
        OSFileStore store = null;
        for (OSFileStore fs : os.getFileSystem().getFileStores(false)) {
            if (real.startsWith(Paths.get(fs.getMount()))
                    && (store == null || fs.getMount().length() > store.getMount().length())) {
                store = fs;
            }
        }
        String fsType = "unknown";
        String volume = "";
        if (store != null) {
            fsType = store.getType();
            volume = store.getVolume();
            st.put("mount", store.getMount());
            st.put("device", volume);
        } else {
            try {
                fsType = Files.getFileStore(real).type();
            } catch (IOException ignored) {
                // stays unknown
            }
        }
        st.put("filesystem", fsType);
        HWDiskStore disk = diskOf(volume, hw);
        String model = disk == null ? ("tmpfs".equals(fsType) ? "memory (tmpfs)" : "unknown device")
                : disk.getModel().trim();
        if (disk != null && (model.isEmpty() || model.equalsIgnoreCase("unknown"))) {
            model = "disk " + disk.getName();
        }
        st.put("model", model);
        st.put("sizeBytes", disk == null ? -1 : disk.getSize());
        st.put("type", disk == null ? ("tmpfs".equals(fsType) ? "RAM" : "unknown") : LinuxFacts.diskType(disk.getName()));
        return st;
    }

    private static HWDiskStore diskOf(String volume, HardwareAbstractionLayer hw) {
        if (volume == null || volume.isEmpty()) {
            return null;
        }
        HWDiskStore best = null;
        volume = volume.replace("/dev/", "");
        for (HWDiskStore d : hw.getDiskStores()) {
            String name = d.getName().replace("/dev/", "");
            if (volume.equals(name) || (volume.startsWith(name) && (best == null || name.length() > best.getName().length()))) {
                best = d;
            }
            for (var p : d.getPartitions()) {
                if (volume.equals(p.getIdentification().replace("/dev/", "")) || volume.equals(p.getName())) {
                    best = d;
                }
            }
        }
        return best;
    }
}
