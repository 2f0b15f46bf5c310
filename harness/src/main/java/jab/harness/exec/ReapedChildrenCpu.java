package jab.harness.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time of this JVM's children that have exited and been waited for, as the kernel sums it
 * for the parent (Linux /proc/self/stat cutime + cstime, user and system; clock ticks of 10 ms).
 * Read before and after a short-lived child runs, the difference is that child's CPU time, exactly:
 * a child's own /proc entry is gone by the time its last figures would matter, so sampling it while
 * it runs misses its end. Correct only while no other child of this JVM exits between the readings.
 */
public final class ReapedChildrenCpu {
    /** USER_HZ: Linux reports process times in hundredths of a second on every architecture it runs on. */
    private static final long NANOS_PER_TICK = 10_000_000L;
    /** cutime and cstime: fields 16 and 17 of stat, counted from the state (field 3) after the command's ')'. */
    private static final int CUTIME = 16 - 3;
    private static final int CSTIME = 17 - 3;

    private ReapedChildrenCpu() {
    }

    /** CPU time of the exited children so far, in ns; -1 where /proc/self/stat cannot be read (not Linux). */
    public static long nanos() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // the command in parentheses may hold spaces and parentheses: the fields start after the last ')'
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return (Long.parseLong(fields[CUTIME]) + Long.parseLong(fields[CSTIME])) * NANOS_PER_TICK;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
