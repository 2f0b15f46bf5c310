package jab.harness.kv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A cgroup of one server's own with a CPU quota: the server and every thread it starts (its JIT and
 * GC threads included) may use at most {@code cpus} of a CPU, and the cgroup's accounting says how
 * much CPU they used, to the nanosecond. cgroup v1: {@code cpu.cfs_quota_us} in the cpu hierarchy and
 * {@code cpuacct.usage} in the cpuacct one (one directory each, or one if both are mounted together);
 * v2: {@code cpu.max} and {@code cpu.stat}'s usage_usec.
 *
 * <p>The server is put into it by a shell that writes its own pid into the cgroup and then execs the
 * server ({@link #wrap}), so nothing the server does runs outside. The cgroup is named after jab's pid
 * and removed on close, by a shutdown hook when jab is interrupted, and, when jab was killed, by the
 * next jab that makes one (a cgroup whose jab is gone is empty: its server died with jab).
 */
final class CpuCgroup implements AutoCloseable {
    static final String PREFIX = "jab-kv-";
    /** A short period, so a capped server waits at most a few ms at a time, not a 100 ms default slice. */
    static final long PERIOD_US = 20_000;
    private static final Set<CpuCgroup> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(CpuCgroup::close), "jab-kv-cgroups"));
    }

    /** Where cgroups with a CPU quota can be made: the version, and the directories new cgroups go under. */
    record Hierarchy(int version, Path cpu, Path cpuacct) {
        String words() {
            return version == 1 ? "cgroup v1 (cpu.cfs_quota_us, cpuacct.usage)" : "cgroup v2 (cpu.max, cpu.stat)";
        }
    }

    final String name;
    final double cpus;
    private final Hierarchy hierarchy;
    /** The cgroup's directories, one per hierarchy it lives in. */
    private final List<Path> dirs;

    private CpuCgroup(String name, double cpus, Hierarchy hierarchy, List<Path> dirs) {
        this.name = name;
        this.cpus = cpus;
        this.hierarchy = hierarchy;
        this.dirs = dirs;
    }

    /**
     * This machine's hierarchy for CPU quotas, from /proc/self/mounts: v1's cpu and cpuacct controllers
     * where mounted (this JVM may write there: it makes a directory), else v2 where its root offers the
     * cpu controller. Empty when neither can be used (not Linux, not allowed).
     */
    static Optional<Hierarchy> find() {
        try {
            Optional<Hierarchy> h = parseMounts(Files.readAllLines(Path.of("/proc/self/mounts")));
            return h.filter(x -> Files.isWritable(x.cpu()) && Files.isWritable(x.cpuacct())).filter(CpuCgroup::offersCpu);
        } catch (IOException | RuntimeException notLinux) {
            return Optional.empty();
        }
    }

    /** The hierarchy the mount table offers: v1 (cpu and cpuacct both mounted) first, else a cgroup2 mount. */
    static Optional<Hierarchy> parseMounts(List<String> mounts) {
        Path cpu = null;
        Path cpuacct = null;
        Path unified = null;
        for (String line : mounts) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 4) {
                continue;
            }
            Path at = Path.of(f[1]);
            if (f[2].equals("cgroup2")) {
                unified = unified == null ? at : unified;
            } else if (f[2].equals("cgroup")) {
                List<String> options = List.of(f[3].split(","));
                cpu = options.contains("cpu") ? at : cpu;
                cpuacct = options.contains("cpuacct") ? at : cpuacct;
            }
        }
        if (cpu != null && cpuacct != null) {
            return Optional.of(new Hierarchy(1, cpu, cpuacct));
        }
        return Optional.ofNullable(unified).map(u -> new Hierarchy(2, u, u));
    }

    /** v2: the cpu controller must be available at the root, and is enabled for its children here if it is not yet. */
    private static boolean offersCpu(Hierarchy h) {
        if (h.version() == 1) {
            return true;
        }
        try {
            if (!List.of(Files.readString(h.cpu().resolve("cgroup.controllers")).trim().split("\\s+")).contains("cpu")) {
                return false;
            }
            Files.writeString(h.cpu().resolve("cgroup.subtree_control"), "+cpu");
            return true;
        } catch (IOException | RuntimeException notAllowed) {
            return false;
        }
    }

    /**
     * Makes the cgroup {@code jab-kv-<jab's pid>-<server>} with a quota of {@code cpus} of a CPU,
     * after removing the empty cgroups of jabs that are gone.
     */
    static CpuCgroup create(Hierarchy h, String server, double cpus) throws IOException {
        removeLeftovers(h);
        String name = PREFIX + ProcessHandle.current().pid() + "-" + server;
        List<Path> dirs = new ArrayList<>(List.of(h.cpu().resolve(name)));
        if (!h.cpuacct().equals(h.cpu())) {
            dirs.add(h.cpuacct().resolve(name));
        }
        CpuCgroup c = new CpuCgroup(name, cpus, h, dirs);
        OPEN.add(c);
        try {
            for (Path d : dirs) {
                Files.createDirectories(d);
            }
            long quota = Math.round(cpus * PERIOD_US);
            if (h.version() == 1) {
                Files.writeString(dirs.get(0).resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
                Files.writeString(dirs.get(0).resolve("cpu.cfs_quota_us"), Long.toString(quota));
            } else {
                Files.writeString(dirs.get(0).resolve("cpu.max"), quota + " " + PERIOD_US);
            }
            return c;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e instanceof IOException io ? io : new IOException(e);
        }
    }

    /**
     * The command prefix that runs {@code inner} (taskset and its options, or nothing) and then the
     * server inside this cgroup: a shell writes its pid into each of the cgroup's directories and execs.
     */
    List<String> wrap(List<String> inner) {
        StringBuilder script = new StringBuilder();
        for (Path d : dirs) {
            script.append("echo $$ > '").append(d.resolve("cgroup.procs")).append("' && ");
        }
        script.append("exec \"$0\" \"$@\"");
        List<String> out = new ArrayList<>(List.of("sh", "-c", script.toString()));
        out.addAll(inner);
        return out;
    }

    /** CPU time used by the cgroup's processes so far, all threads, user and system, in ns. */
    long usageNanos() {
        Path acct = dirs.get(dirs.size() - 1);
        try {
            if (hierarchy.version() == 1) {
                return Long.parseLong(Files.readString(acct.resolve("cpuacct.usage")).trim());
            }
            return statUsec(Files.readString(acct.resolve("cpu.stat")), "usage_usec") * 1000;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the CPU usage of cgroup " + name, e);
        }
    }

    /** CPU time in user mode and in the kernel, in ns. */
    record Split(long userNanos, long systemNanos) {
    }

    /**
     * The cgroup's CPU time so far split into user and system (kernel) time, as the kernel accounts it:
     * v1 {@code cpuacct.usage_user} and {@code cpuacct.usage_sys}, v2 cpu.stat's user_usec and
     * system_usec. The kernel bills each stretch of CPU to the mode the thread was in when it charged it
     * (at a tick or a switch), so the split is an estimate that holds over a run of a second or more, not
     * a request's own. Empty where the cgroup does not say (v1 before Linux 4.7).
     */
    Optional<Split> split() {
        Path acct = dirs.get(dirs.size() - 1);
        try {
            if (hierarchy.version() == 1) {
                return Optional.of(new Split(Long.parseLong(Files.readString(acct.resolve("cpuacct.usage_user")).trim()),
                        Long.parseLong(Files.readString(acct.resolve("cpuacct.usage_sys")).trim())));
            }
            String stat = Files.readString(acct.resolve("cpu.stat"));
            return Optional.of(new Split(statUsec(stat, "user_usec") * 1000, statUsec(stat, "system_usec") * 1000));
        } catch (IOException | RuntimeException notSaid) {
            return Optional.empty();
        }
    }

    /** A figure of cgroup v2's cpu.stat, in us (usage_usec, user_usec, system_usec). */
    static long statUsec(String cpuStat, String key) {
        for (String line : cpuStat.split("\\R")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 2 && f[0].equals(key)) {
                return Long.parseLong(f[1]);
            }
        }
        throw new IllegalArgumentException("no " + key + " in cpu.stat");
    }

    /** What the quota is, in words for the summary. */
    String words() {
        return String.format(Locale.ROOT, "a %s quota of %.2f CPU (%d us per %d us)", hierarchy.words(), cpus,
                Math.round(cpus * PERIOD_US), PERIOD_US);
    }

    /**
     * Removes the cgroup. Its server has normally stopped; one still inside (jab interrupted) is
     * killed first, as it would die with jab anyway, since an occupied cgroup cannot be removed.
     */
    @Override
    public void close() {
        for (Path d : dirs) {
            remove(d);
        }
        OPEN.remove(this);
    }

    private static void remove(Path dir) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (Files.isDirectory(dir)) {
            try {
                Files.delete(dir); // rmdir: the control files are not real files
                return;
            } catch (IOException occupied) {
                if (System.nanoTime() > deadline) {
                    return; // the next jab's leftover sweep tries again
                }
                killMembers(dir);
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static void killMembers(Path dir) {
        try {
            for (String pid : Files.readAllLines(dir.resolve("cgroup.procs"))) {
                if (!pid.isBlank()) {
                    ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        } catch (IOException | RuntimeException gone) {
            // removed meanwhile
        }
    }

    /** The cgroups of jabs no longer running (killed with -9, so no hook ran): empty, and removed here. */
    private static void removeLeftovers(Hierarchy h) {
        for (Path root : Set.of(h.cpu(), h.cpuacct())) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, PREFIX + "*")) {
                for (Path d : ds) {
                    if (ownerPid(d.getFileName().toString()).filter(pid -> ProcessHandle.of(pid).isEmpty()).isPresent()) {
                        try {
                            Files.delete(d);
                        } catch (IOException stillUsed) {
                            // once only: a cgroup something still runs in stays
                        }
                    }
                }
            } catch (IOException | RuntimeException unreadable) {
                // nothing to tidy, or not ours to
            }
        }
    }

    /** The pid in a name made by {@link #create}: jab-kv-PID-server. */
    static Optional<Long> ownerPid(String name) {
        if (!name.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String rest = name.substring(PREFIX.length());
        int dash = rest.indexOf('-');
        try {
            return Optional.of(Long.parseLong(dash < 0 ? rest : rest.substring(0, dash)));
        } catch (NumberFormatException notOurs) {
            return Optional.empty();
        }
    }
}
