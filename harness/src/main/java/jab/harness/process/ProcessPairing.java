package jab.harness.process;

import java.util.List;
import java.util.Optional;

import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;

/**
 * Which C floor a JVM launch is divided by: the one with the same syscall sequence, or none.
 * Same sequence means the same mechanism (NuProcess: VFORK, whatever the param says, since it calls
 * the JDK's forkAndExec in VFORK mode), the same path (a missing name's PATH search and failure
 * report, or a start), the same execs (POSIX_SPAWN runs jspawnhelper and then the command, as the
 * strace of the run shows; the one-exec posix_spawn partners it only on a JDK whose trace shows no
 * helper), the same commands (randomExisting: the same picks) and, for FORK, a parent as large as the
 * JVM fork was (its page tables are what fork copies). randomMissing's names differ from the C
 * floor's but its calls are missing's (every PATH entry tried, ENOENT), so missing's floor is its own.
 */
public final class ProcessPairing {
    private ProcessPairing() {
    }

    /** The C floor's name in the run's native.json that result {@code r} of that JDK stands beside, when the run measured it. */
    public static Optional<String> partner(RunResults run, String jdkId, BenchResult r) {
        return floorName(r, jdkFeature(jdkId), helperProven(run, jdkId))
                .filter(name -> run.baselines().stream().anyMatch(b -> b.benchmark().equals(name)));
    }

    /**
     * The floor's name for result {@code r} of the JDK {@code jdkFeature}; {@code helper}: whether
     * that JDK's POSIX_SPAWN runs a helper (true without a trace: every JDK with POSIX_SPAWN on Linux does).
     */
    static Optional<String> floorName(BenchResult r, String jdkFeature, boolean helper) {
        boolean heap = r.benchmark().startsWith(ProcessSection.HEAP);
        if (!heap && !r.benchmark().startsWith(ProcessSection.LAUNCH)) {
            return Optional.empty();
        }
        String launcher = heap ? "PROCESS_BUILDER" : String.valueOf(r.param("launcher"));
        String mechanism = launcher.equals("NUPROCESS") ? "VFORK" : String.valueOf(r.param("launchMechanism"));
        String scenario = switch (r.method()) {
            case "existing" -> "existing";
            case "randomExisting" -> "randomExisting";
            case "missing", "randomMissing" -> "missing";
            default -> "";
        };
        if (scenario.isEmpty()) {
            return Optional.empty();
        }
        return switch (mechanism) {
            case "POSIX_SPAWN" -> helper ? Optional.of(ProcessFloor.name(ProcessFloor.HELPER, scenario))
                    : scenario.equals("existing") ? Optional.of(ProcessFloor.name("posix_spawn", scenario)) : Optional.empty();
            case "VFORK" -> Optional.of(ProcessFloor.name("vfork", scenario));
            case "FORK" -> {
                int touched = heap ? Integer.parseInt(String.valueOf(r.param("touchedHeapMb"))) : 0;
                String benchmark = heap ? "ParentHeapBenchmark" : "ProcessLaunchBenchmark";
                yield Optional.of(ProcessFloor.name(ProcessFloor.forkCall(jdkFeature, benchmark, touched), scenario));
            }
            default -> Optional.empty();
        };
    }

    /** Whether the run's strace of this JDK's POSIX_SPAWN shows jspawnhelper; true when there is no trace. */
    static boolean helperProven(RunResults run, String jdkId) {
        List<LaunchDocument.Traced> traces = run.document(LaunchDocument.NAME, LaunchDocument.class)
                .map(d -> d.traces().getOrDefault(jdkId, List.of())).orElse(List.of());
        return traces.stream().filter(t -> "POSIX_SPAWN".equals(t.requested())).findFirst()
                .map(LaunchDocument.Traced::jspawnhelper).orElse(true);
    }

    /** "17" of "17", "25" of "25-ea" or "25.0.1": the feature version the forks write with their size. */
    static String jdkFeature(String jdkId) {
        int end = 0;
        while (end < jdkId.length() && Character.isDigit(jdkId.charAt(end))) {
            end++;
        }
        return end == 0 ? jdkId : jdkId.substring(0, end);
    }
}
