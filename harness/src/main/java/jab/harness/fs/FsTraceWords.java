package jab.harness.fs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jab.harness.trace.SyscallCount;

/**
 * A trace in words, the same in {@code jab verify fs} and summary.md: "1 access (fails)",
 * "1 newfstatat (fails, AT_SYMLINK_NOFOLLOW), plus 1 NoSuchFileException". Every name comes from
 * the trace.
 */
final class FsTraceWords {
    private FsTraceWords() {
    }

    /** The syscalls per operation, each marked when its calls on the path did not follow a final symlink; then the exceptions. */
    static String of(FsSyscallsDocument.Trace t) {
        List<String> calls = new ArrayList<>();
        for (SyscallCount.PerOperation s : t.syscalls()) {
            boolean noFollow = t.onPath().stream().anyMatch(p -> p.syscall().equals(s.syscall()) && p.noFollow());
            calls.add(noFollow ? s.words() + " [AT_SYMLINK_NOFOLLOW]" : s.words());
        }
        String words = calls.isEmpty() ? "no syscall" : String.join(" + ", calls);
        List<String> thrown = new ArrayList<>();
        for (Map.Entry<String, Double> e : t.exceptions().entrySet()) {
            thrown.add(count(e.getValue()) + " " + e.getKey().substring(e.getKey().lastIndexOf('.') + 1));
        }
        return thrown.isEmpty() ? words : words + ", plus " + String.join(" + ", thrown);
    }

    /** "Files.exists(p), missing, JDK 25" or "C lstat, missing". */
    static String subject(FsSyscallsDocument.Trace t) {
        String where = t.scenario().equals("existingFile") ? "existing" : t.scenario().equals("missingFile") ? "missing" : t.scenario();
        if (t.fromC()) {
            return "C " + t.check() + ", " + where;
        }
        return FsSemanticsTable.call(t.check()) + ", " + where + ", JDK " + t.jdk();
    }

    /** The line of {@code jab verify fs}: subject, calls, and the floor it is divided by. */
    static String line(FsSyscallsDocument.Trace t, FsSyscallsDocument doc) {
        String line = subject(t) + ": " + of(t);
        if (t.fromC()) {
            return line;
        }
        Optional<String> floor = FsPairing.partner(doc, t.jdk(), t.check(), t.scenario());
        return line + floor.map(c -> "  -> floor: C " + c).orElse("  -> no C floor makes the same calls: no ratio");
    }

    private static String count(double perOp) {
        return Math.abs(perOp - Math.rint(perOp)) < 0.05 ? Long.toString(Math.round(perOp)) : String.format(Locale.ROOT, "%.1f", perOp);
    }
}
