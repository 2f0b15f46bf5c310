package jab.kv.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import jab.kv.KvStore;

/**
 * INFO memory, with Redis's field names. used_memory is what the entries take on the heap, counted
 * object by object (the store's EntrySize), as Redis's is what its allocator handed out for data;
 * used_memory_rss is the whole process's resident memory (the JVM, its heap with garbage and free
 * space, code), which is what the machine pays; used_memory_heap is the JVM heap in use.
 */
final class MemoryInfo {
    private MemoryInfo() {
    }

    static String section(KvStore store, ServerConfig config) {
        long used = store.usedMemory();
        Runtime rt = Runtime.getRuntime();
        StringBuilder sb = new StringBuilder("# Memory\r\n");
        sb.append("used_memory:").append(used).append("\r\n");
        sb.append("used_memory_human:").append(human(used)).append("\r\n");
        sb.append("used_memory_rss:").append(rss()).append("\r\n");
        sb.append("used_memory_heap:").append(rt.totalMemory() - rt.freeMemory()).append("\r\n");
        sb.append("maxmemory:").append(config.maxMemory).append("\r\n");
        sb.append("maxmemory_human:").append(human(config.maxMemory)).append("\r\n");
        sb.append("maxmemory_policy:").append(config.eviction.redisName()).append("\r\n\r\n");
        return sb.toString();
    }

    /** Resident bytes of this process from /proc (Linux); 0 where there is none. */
    static long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException notLinux) {
            // no /proc
        }
        return 0;
    }

    private static String human(long bytes) {
        if (bytes < 1024) {
            return bytes + "B";
        }
        String units = "KMGT";
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length() - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.2f%c", v, units.charAt(u));
    }
}
