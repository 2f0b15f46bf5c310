package jab.harness.process;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import jab.harness.results.BenchResult;
import jab.harness.results.NativeResult;

/**
 * One C floor of the process family: what spawn_baseline does (its mode and target), which JDK
 * mechanism's syscalls that is, on which path, with how many execs, and from how large a parent.
 * {@link ProcessPairing} divides a JVM result only by the floor of the same sequence.
 *
 * @param call      the floor's name in native.json: native.process.CALL.SCENARIO
 * @param mode      spawn_baseline's MODE
 * @param mechanism the JDK launch mechanism whose clone/exec sequence this is; empty for none
 * @param scenario  existing (the child by path), missing (a bare name on no PATH entry), randomExisting (the JVM's picks)
 * @param execs     execs per launch: 2 when a helper execs the command (jspawnhelper's place)
 * @param reference measured whatever the run measures: a figure to read, not any JVM result's partner
 */
record ProcessFloor(String call, String mode, String mechanism, String scenario, int execs, boolean reference) {
    static final String PREFIX = "native.process.";
    static final String SPAWNP = "posix_spawnp";
    static final String HELPER = "posix_spawn_helper";
    /** FORK floors: the resident MiB of the C parent, as large as the JVM fork it stands for. */
    static final String PARENT_RESIDENT = "parentResidentMiB";

    /** The floors measured before JMH; FORK's come after it, from the JVM forks' size ({@link #fork}). */
    static final List<ProcessFloor> BEFORE_JMH = List.of(
            new ProcessFloor("posix_spawn", "posix_spawn", "POSIX_SPAWN", "existing", 1, true),
            new ProcessFloor(HELPER, "helper", "POSIX_SPAWN", "existing", 2, false),
            new ProcessFloor(HELPER, "helper", "POSIX_SPAWN", "missing", 2, false),
            new ProcessFloor(HELPER, "helper", "POSIX_SPAWN", "randomExisting", 2, false),
            new ProcessFloor("vfork", "vfork", "VFORK", "existing", 1, false),
            new ProcessFloor("vfork", "vfork", "VFORK", "missing", 1, false),
            new ProcessFloor("vfork", "vfork", "VFORK", "randomExisting", 1, false),
            new ProcessFloor(SPAWNP, "spawnp", "", "missing", 1, true));

    static String name(String call, String scenario) {
        return PREFIX + call + "." + scenario;
    }

    /** FORK from a C parent as large as {@code parent}, the JVM fork of one JDK, benchmark and touchedHeapMb. */
    static ProcessFloor fork(ParentMemoryRecords.Parent parent, String scenario) {
        return new ProcessFloor(forkCall(parent.jdkFeature(), parent.benchmark(), parent.touchedHeapMb()), "fork", "FORK",
                scenario, 1, false);
    }

    /** fork.jdk17-launch, fork.jdk25-heap4096: one per JVM parent, since each JDK's fork has its own size. */
    static String forkCall(String jdkFeature, String benchmark, int touchedHeapMb) {
        return "fork.jdk" + jdkFeature + "-" + (benchmark.startsWith("ParentHeap") ? "heap" + touchedHeapMb : "launch");
    }

    String name() {
        return name(call, scenario);
    }

    Map<String, String> params() {
        return NativeResult.params("call", call, "launchMechanism", mechanism, "path",
                scenario.equals("missing") ? "failure" : "success", "execs", Integer.toString(execs));
    }

    /**
     * The parent's resident MiB a FORK floor was measured from: a secondary metric, or a param in runs
     * made before it moved there; empty for the other floors.
     */
    static Optional<String> parentResidentMib(BenchResult floor) {
        OptionalDouble found = floor.secondary(PARENT_RESIDENT);
        if (found.isPresent()) {
            return Optional.of(Long.toString(Math.round(found.getAsDouble())));
        }
        return Optional.ofNullable(floor.param(PARENT_RESIDENT));
    }

    /** "posix_spawn of a helper that execs the command (2 execs), missing bare name" and the like. */
    String describe() {
        String how = switch (mode) {
            case "helper" -> "posix_spawn of a helper that execvp's the command (2 execs, as jspawnhelper)";
            case "spawnp" -> "posix_spawnp (glibc's PATH search in the clone)";
            case "posix_spawn" -> "posix_spawn + execve (1 exec)";
            case "vfork" -> "vfork + execvp, exec errors over a pipe as the JDK's child does";
            default -> "fork + execvp, exec errors over a pipe as the JDK's child does";
        };
        String what = switch (scenario) {
            case "missing" -> "a bare name on no PATH entry (fails with ENOENT)";
            case "randomExisting" -> "randomExisting's picks (the child and small commands by bare name)";
            default -> "the child by absolute path";
        };
        return how + ", " + what;
    }
}
