package jab.harness.env;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How busy the machine was while jab measured, from /proc: the CPU time of every process that is
 * not jab or one of its (finished, reaped) children, the time the hypervisor stole, and the load
 * average. jab's own forks are in its children's time, so a benchmark's own threads are not
 * counted as load. Empty where /proc is not there.
 */
public final class MachineLoad {
    private MachineLoad() {
    }

    /** The counters at one moment, in clock ticks, and when it was ({@link System#nanoTime()}). */
    public record Snapshot(long total, long busy, long steal, long self, long nanos) {
    }

    /**
     * Between two snapshots: shares of the machine's CPU time, the load average at the end, and the
     * seconds between them (where a run's time went, against its budget).
     */
    public record Share(double otherCpu, double steal, double loadAverage, double seconds) {
    }

    public static Optional<Snapshot> snapshot() {
        try {
            String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < cpu.length && i <= 8; i++) {
                total += Long.parseLong(cpu[i]);
            }
            long idle = Long.parseLong(cpu[4]) + Long.parseLong(cpu[5]);
            long steal = cpu.length > 8 ? Long.parseLong(cpu[8]) : 0;
            Optional<SelfTimes> self = SelfTimes.read();
            if (self.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Snapshot(total, total - idle, steal, self.get().total(), System.nanoTime()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public static Share between(Snapshot a, Snapshot b) {
        double total = Math.max(1, b.total() - a.total());
        double other = (b.busy() - a.busy()) - (b.steal() - a.steal()) - (b.self() - a.self());
        return new Share(Math.max(0, other) / total, (b.steal() - a.steal()) / total, loadAverage(), (b.nanos() - a.nanos()) / 1e9);
    }

    static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
