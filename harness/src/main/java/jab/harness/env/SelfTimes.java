package jab.harness.env;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * This JVM's CPU time from /proc/self/stat, user and system, in clock ticks: its own threads', and
 * that of its children that have exited and been waited for, as the kernel sums it for the parent.
 * Read before and after a short-lived child, the children's difference is that child's CPU time,
 * exactly (its own /proc entry is gone by the time its last figures would matter), while no other
 * child of this JVM exits between the readings.
 *
 * @param own            utime + stime
 * @param reapedChildren cutime + cstime
 */
public record SelfTimes(long own, long reapedChildren) {
    /** USER_HZ: Linux reports process times in hundredths of a second on every architecture it runs on. */
    public static final long NANOS_PER_TICK = 10_000_000L;

    /** The times now; empty where /proc/self/stat cannot be read (not Linux). */
    public static Optional<SelfTimes> read() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // fields after the command name (which may hold spaces) start at state: utime is the 12th of them
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Optional.of(new SelfTimes(Long.parseLong(f[11]) + Long.parseLong(f[12]),
                    Long.parseLong(f[13]) + Long.parseLong(f[14])));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Own and children's time together. */
    public long total() {
        return own + reapedChildren;
    }
}
