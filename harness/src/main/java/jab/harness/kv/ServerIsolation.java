package jab.harness.kv;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the side by side keeps the servers and redis-benchmark from measuring each other: every server
 * pinned to one CPU and capped below it by a cgroup quota of its own ({@link CpuCgroup}), redis-benchmark
 * pinned to another CPU ({@link CpuPinning}). The server is then the bottleneck while the client has
 * CPU to spare, and its cgroup counts all the CPU it used (JIT and GC threads included), so requests
 * per server CPU-second compare what the servers cost. Where a quota cannot be set (no cgroup access)
 * the server's CPU is its process's (clock ticks) and the client's share says who set the pace.
 */
final class ServerIsolation implements AutoCloseable {
    /**
     * 0.4 of a CPU per server, so that the server, not redis-benchmark's one thread, sets the pace. Half
     * a CPU came first (the client then used 28-70% of its CPU against either server), until jab's server
     * answered busy clients in batches (kv's Coalescing, 2026-11-28): it then served ~60k requests/s in
     * half a CPU and the client reached 90-95% of its CPU in some rounds (93% once against Redis). At 0.4,
     * on the 2-CPU VM (8 alternating rounds, redis-benchmark -c 50, -P 1 and 16): at most 57% against
     * Redis and 66% against jab.
     */
    static final double SERVER_CPUS = 0.4;

    private final Optional<CpuPinning> pinning;
    private final Optional<CpuCgroup.Hierarchy> hierarchy;
    private final Map<String, CpuCgroup> cgroups = new LinkedHashMap<>();
    private final List<String> failures = new ArrayList<>();

    ServerIsolation(Optional<CpuPinning> pinning, Optional<CpuCgroup.Hierarchy> hierarchy) {
        this.pinning = pinning;
        this.hierarchy = hierarchy;
    }

    /** What this machine allows: taskset with two CPUs or more, and a cgroup hierarchy jab may write. */
    static ServerIsolation find() {
        return new ServerIsolation(CpuPinning.find(), CpuCgroup.find());
    }

    /**
     * The command prefix a server named {@code server} ({@link ServerProcess#id()}) starts under: into its
     * own capped cgroup (made here), onto its CPU.
     */
    List<String> server(String server) {
        List<String> pin = pinning.map(CpuPinning::server).orElse(List.of());
        if (hierarchy.isPresent()) {
            try {
                CpuCgroup c = CpuCgroup.create(hierarchy.get(), server, SERVER_CPUS);
                cgroups.put(server, c);
                return c.wrap(pin);
            } catch (IOException e) {
                failures.add(server + ": " + e.getMessage());
            }
        }
        return pin;
    }

    /** The command prefix redis-benchmark runs under: its own CPU. */
    List<String> client() {
        return pinning.map(CpuPinning::client).orElse(List.of());
    }

    /** Whether this server runs under a quota, so that its CPU time says what it can serve. */
    boolean capped(ServerProcess s) {
        return cgroups.containsKey(s.id());
    }

    /**
     * A server's CPU time so far, in ns: all of it, and the part in user mode and the part in the
     * kernel; -1 where unknown.
     */
    record CpuTime(long total, long user, long system) {
        /** The CPU time from {@code before} to this, per request of {@code requests}, in us: total, user, system (NaN where unknown). */
        double[] perRequest(CpuTime before, long requests) {
            return new double[] {usPerRequest(before.total, total, requests), usPerRequest(before.user, user, requests),
                usPerRequest(before.system, system, requests)};
        }

        private static double usPerRequest(long before, long after, long requests) {
            return before < 0 || after < 0 ? Double.NaN : (after - before) / 1e3 / requests;
        }
    }

    /**
     * The server's CPU time so far: its cgroup's, split into user and system where the cgroup says; else
     * its process's, unsplit (-1 where unknown).
     */
    CpuTime cpuTime(ServerProcess s) {
        CpuCgroup c = cgroups.get(s.id());
        if (c == null) {
            return new CpuTime(s.cpuNanos(), -1, -1);
        }
        Optional<CpuCgroup.Split> split = c.split();
        return new CpuTime(c.usageNanos(), split.map(CpuCgroup.Split::userNanos).orElse(-1L),
                split.map(CpuCgroup.Split::systemNanos).orElse(-1L));
    }

    /** The quota of a capped server, in CPUs; null when it runs without one. */
    Double quota(ServerProcess s) {
        CpuCgroup c = cgroups.get(s.id());
        return c == null ? null : c.cpus;
    }

    /** For the summary: where the servers and the client ran, and how the servers' CPU was read. */
    String words() {
        String pinned = pinning.map(p -> "each server pinned to CPU " + p.serverCpu() + ", redis-benchmark to CPU " + p.clientCpu())
                .orElse("no pinning (taskset missing or fewer than two CPUs): servers and redis-benchmark share the CPUs");
        if (!cgroups.isEmpty()) {
            return pinned + "; each server in a cgroup of its own under " + cgroups.values().iterator().next().words()
                    + ", its CPU time (all threads) read from the cgroup";
        }
        String why = hierarchy.isEmpty() ? "no cgroup hierarchy jab may write" : String.join("; ", failures);
        return pinned + "; no CPU quota (" + why + "): the servers' CPU time is their processes' (10 ms clock ticks), "
                + "and the client may set the pace";
    }

    /** Removes the cgroups; call after the servers have stopped. */
    @Override
    public void close() {
        cgroups.values().forEach(CpuCgroup::close);
        cgroups.clear();
    }
}
