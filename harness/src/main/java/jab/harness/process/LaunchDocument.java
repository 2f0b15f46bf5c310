package jab.harness.process;

import java.util.List;
import java.util.Map;

/**
 * process-launch.json: the child every launch started, and the strace proof per JDK and mechanism
 * with what each JDK said about it.
 *
 * @param strace the strace used, or why there was none
 * @param traces JDK id -> one trace per mechanism
 * @param notes  format 1 kept the family's notes here; later runs keep notes in env.json, and this is empty
 */
record LaunchDocument(Child child, String strace, Map<String, List<Traced>> traces, List<String> notes) {
    static final String NAME = "process-launch";

    LaunchDocument {
        traces = traces == null ? Map.of() : traces;
        notes = notes == null ? List.of() : notes;
    }

    /** The child's path, and why /bin/true stood in for the C child if it did. */
    record Child(String path, String note) {
    }

    /** One launch under strace, as {@link LaunchTrace.Trace} saw it, with its one-line account. */
    record Traced(String requested, String effective, String line, boolean jspawnhelper, boolean sharedMemory,
                  String jdkMessage, int exitCode, List<String> steps) {
        static Traced of(LaunchTrace.Trace t) {
            return new Traced(t.requested(), t.effective(), t.line(), t.usesJspawnhelper(), t.sharedMemory(),
                    t.jdkMessage(), t.exitCode(), t.steps());
        }
    }
}
