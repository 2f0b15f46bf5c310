package jab.kv.server;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * INFO jvm, a section Redis has no need of: the work the JVM did for itself, which the server's CPU
 * time includes. A benchmark that bills the server's CPU per request reads it around each run, because
 * a JIT that recompiles after a deoptimisation in the middle of a measured run (jab's own side by side
 * saw C2 recompile Netty's event loop 33 s into a server's life) bills that run for warm-up, not for
 * requests.
 *
 * <p>jit_cpu_time_ms is the CPU time the JIT's compiler threads have used (Linux: each thread's
 * schedstat; -1 elsewhere); jit_compile_time_ms is what the JVM itself counts, the time its
 * compilations took, which includes waiting for a CPU: under a CPU quota it came to twice the server's
 * whole CPU time in a busy second. The gc fields are the collectors' count and accumulated time.
 */
final class JvmInfo {
    private static final Path TASKS = Path.of("/proc/self/task");

    private JvmInfo() {
    }

    static String section() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long compileMillis = jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
        long collections = 0;
        long gcMillis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            collections += Math.max(0, gc.getCollectionCount());
            gcMillis += Math.max(0, gc.getCollectionTime());
        }
        long jitNanos = compilerThreadsCpuNanos();
        return "# Jvm\r\n"
                + "jit_cpu_time_ms:" + (jitNanos < 0 ? -1 : jitNanos / 1_000_000) + "\r\n"
                + "jit_compile_time_ms:" + compileMillis + "\r\n"
                + "gc_collections:" + collections + "\r\n"
                + "gc_time_ms:" + gcMillis + "\r\n\r\n";
    }

    /**
     * The CPU time of the JVM's compiler threads so far ("C1 CompilerThre", "C2 CompilerThre" as the
     * kernel shortens their names), from the first field of each one's schedstat: nanoseconds on a CPU.
     * -1 where /proc does not say. A compiler thread the JVM has retired takes its time with it.
     */
    static long compilerThreadsCpuNanos() {
        if (!Files.isDirectory(TASKS)) {
            return -1;
        }
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    String name = Files.readString(task.resolve("comm")).trim();
                    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                        String stat = Files.readString(task.resolve("schedstat")).trim();
                        sum += Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                    }
                } catch (IOException | RuntimeException gone) {
                    // a thread that ended while listed: it has no time left to count
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return sum;
    }
}
