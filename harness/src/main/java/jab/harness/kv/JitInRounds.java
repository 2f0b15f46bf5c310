package jab.harness.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether jab's JIT was still compiling during a measured round of the side by side. Its compiler
 * threads run in the server's cgroup, so their work is billed to the requests of that round: a server
 * still warming up serves fewer requests per CPU-second than it will once warm, and Redis, which
 * compiles nothing, pays no such bill. The JIT's time is its compiler threads' CPU time ({@link ServerJit}).
 */
final class JitInRounds {
    /**
     * A round whose JIT time is this share of the server's CPU time in that run, or more, is named. In 12
     * side by sides of the default plan (2026-11-30) the JIT used a median 2.8% of jab's CPU in a measured
     * run, 5% or more in 42 of 192 and 10% or more in 3: the rounds of a recompiling storm, not its tail.
     */
    static final double LOUD = 0.10;

    private JitInRounds() {
    }

    /**
     * "jab's JIT was still compiling in round 3 for 103 ms of CPU (11% of ...): ..." for a
     * row of jab's with such rounds; nothing for Redis's, for runs made before the JIT was read, or when
     * every round was quiet.
     */
    static Optional<String> words(RedisBenchmarkDocument.Row jab) {
        double[] ms = jab.serverJitMs();
        double[] cpuUs = jab.serverCpuUsPerRequest();
        if (ms == null || cpuUs == null || ms.length != cpuUs.length) {
            return Optional.empty();
        }
        List<String> loud = new ArrayList<>();
        for (int i = 0; i < ms.length; i++) {
            double share = ms[i] / (cpuUs[i] * jab.requests() / 1e3);
            if (share >= LOUD) {
                loud.add(String.format(Locale.ROOT, "round %d for %.0f ms of CPU (%.0f%% of the server's CPU time in it)",
                        i + 1, ms[i], share * 100));
            }
        }
        if (loud.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("jab's JIT was still compiling in " + String.join(", ", loud)
                + ": a server still warming up bills its requests for the compiling, so jab's figure may be low");
    }
}
