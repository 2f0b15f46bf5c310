package jab.harness.fs;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import jab.harness.trace.SyscallCount;

/**
 * Which C floor a JVM figure may be divided by: the C call whose trace shows the same syscall per
 * operation as the check's trace on that JDK and scenario (same name, count and outcome), with the
 * same calls on the checked path (so lstat is not taken for stat where glibc makes both the same
 * syscall). Only a check that makes exactly one syscall per operation has a floor: anything more
 * has no single C call to stand beside it, and gets no ratio. So does a check that was not traced.
 */
final class FsPairing {
    /** How far a check's count may be from one call per operation and still be one (JIT and GC noise). */
    private static final double SAME = 0.1;

    private FsPairing() {
    }

    /** The traced scenario a benchmark method makes the calls of: a random file makes those of a single one. */
    static String tracedScenario(String method) {
        return switch (method) {
            case "randomExistingFiles" -> "existingFile";
            case "randomMissingFiles" -> "missingFile";
            default -> method;
        };
    }

    /** The C call (fs_baseline's name) that proves the floor of {@code api} on {@code jdk} in {@code method}'s scenario. */
    static Optional<String> partner(FsSyscallsDocument doc, String jdk, String api, String method) {
        String scenario = tracedScenario(method);
        Optional<FsSyscallsDocument.Trace> jvm = doc.traces().stream()
                .filter(t -> !t.fromC() && t.jdk().equals(jdk) && t.check().equals(api) && t.scenario().equals(scenario))
                .findFirst();
        if (jvm.isEmpty() || jvm.get().syscalls().size() != 1 || Math.abs(jvm.get().syscalls().get(0).calls() - 1) > SAME) {
            return Optional.empty();
        }
        return doc.traces().stream()
                .filter(t -> t.fromC() && t.scenario().equals(scenario) && sameCalls(jvm.get(), t))
                .map(FsSyscallsDocument.Trace::check)
                .findFirst();
    }

    /** The same syscalls per operation (whole calls), with the same outcome, and the same calls on the path. */
    static boolean sameCalls(FsSyscallsDocument.Trace a, FsSyscallsDocument.Trace b) {
        return signature(a.syscalls()).equals(signature(b.syscalls())) && pathSignature(a.onPath()).equals(pathSignature(b.onPath()));
    }

    private static Set<String> signature(List<SyscallCount.PerOperation> calls) {
        Set<String> out = new TreeSet<>();
        calls.forEach(c -> out.add(c.syscall() + " x" + Math.round(c.calls()) + (c.errors() >= c.calls() / 2 ? " fails" : "")));
        return out;
    }

    private static Set<String> pathSignature(List<FsSyscallsDocument.PathCall> calls) {
        Set<String> out = new TreeSet<>();
        calls.forEach(c -> out.add(c.syscall() + (c.noFollow() ? " nofollow" : "") + " x" + Math.round(c.calls())));
        return out;
    }
}
