package jab.harness.fs;

import java.util.List;
import java.util.Map;

import jab.harness.trace.SyscallCount;

/**
 * fs-syscalls.json: what one existence check (or one C floor) does per operation, as traced on this
 * machine: the syscalls of the whole process by difference of an n and a 2n run, the calls on the
 * checked path with the one argument that tells stat-like calls apart (whether they follow a final
 * symlink), and the exceptions thrown. {@link FsPairing} reads it to divide each JVM figure by the
 * C call that makes the same syscall.
 *
 * @param traces one per JDK, check and scenario, then one per C call and scenario
 * @param notes  what could not be traced, and why
 */
record FsSyscallsDocument(List<Trace> traces, List<String> notes) {
    static final String NAME = "fs-syscalls";
    /** The JDK field of a C floor's trace. */
    static final String C = "C";

    FsSyscallsDocument {
        traces = traces == null ? List.of() : List.copyOf(traces);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * @param jdk        the JDK id, or {@link #C} for a C floor of fs_baseline
     * @param check      an {@code ExistenceCheck} name, or the C call (fs_baseline's name for it)
     * @param scenario   existingFile or missingFile
     * @param syscalls   every syscall of at least {@link SyscallCount#NOISE} per operation, most first
     * @param onPath     the calls on the checked path per operation
     * @param exceptions thrown per operation by class name (an interpreted run: what the code throws)
     */
    record Trace(String jdk, String check, String scenario, List<SyscallCount.PerOperation> syscalls,
                 List<PathCall> onPath, Map<String, Double> exceptions) {
        Trace {
            syscalls = syscalls == null ? List.of() : List.copyOf(syscalls);
            onPath = onPath == null ? List.of() : List.copyOf(onPath);
            // sorted, so a summary rebuilt from the file reads the same every time
            exceptions = exceptions == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(exceptions));
        }

        boolean fromC() {
            return C.equals(jdk);
        }
    }

    /**
     * A call on the checked path, per operation.
     *
     * @param noFollow the call was asked not to follow a final symlink (AT_SYMLINK_NOFOLLOW, or lstat)
     */
    record PathCall(String syscall, boolean noFollow, double calls) {
    }
}
