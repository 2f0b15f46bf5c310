package jab.harness.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;

/**
 * The syscalls a command makes on one path, with their arguments, as {@code strace -f -P PATH}
 * prints them. {@link SyscallCount} says how many calls of each name an operation makes; this says
 * what they were asked, e.g. whether a stat-like call followed a final symlink
 * ({@code AT_SYMLINK_NOFOLLOW}), which a count by name cannot tell apart.
 */
public final class PathSyscalls {
    /**
     * One call: its name as the kernel knows it, its arguments as strace prints them, and whether it
     * returned an error.
     */
    public record Call(String syscall, String arguments, boolean failed) {
    }

    /** The calls, and the command's own result (its stdout and stderr). */
    public record Traced(List<Call> calls, Result result) {
    }

    // "1234 name(args) = ret ..." (the pid is there with -f), or a call another thread interrupted:
    // "1234 name(args <unfinished ...>" then "1234 <... name resumed>rest) = ret ...".
    private static final Pattern WHOLE = Pattern.compile("^(?:\\d+\\s+)?(\\w+)\\((.*)\\)\\s+=\\s+(\\S+).*$");
    private static final Pattern UNFINISHED = Pattern.compile("^(?:(\\d+)\\s+)?(\\w+)\\((.*?)\\s*<unfinished \\.\\.\\.>$");
    private static final Pattern RESUMED = Pattern.compile("^(?:(\\d+)\\s+)?<\\.\\.\\. (\\w+) resumed>(.*)\\)\\s+=\\s+(\\S+).*$");

    private PathSyscalls() {
    }

    public static Traced of(Path strace, List<String> command, Path path, Path workDir, Duration timeout)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path out = Files.createTempFile(workDir, "strace-path", ".txt");
        try {
            List<String> cmd = new ArrayList<>(List.of(strace.toString(), "-f", "-qq", "-P", path.toString(),
                    "-o", out.toString()));
            cmd.addAll(command);
            Result r = Subprocess.of(cmd).named("strace -P of " + command.get(0)).timeout(timeout).run();
            return new Traced(parse(Files.readAllLines(out, StandardCharsets.UTF_8)), r);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** strace's lines as calls; signals, exits and anything else that is not a call are skipped. */
    static List<Call> parse(List<String> lines) {
        List<Call> out = new ArrayList<>();
        Map<String, String[]> pending = new HashMap<>(); // pid -> name, first part of the arguments
        for (String line : lines) {
            Matcher m = UNFINISHED.matcher(line);
            if (m.matches()) {
                pending.put(String.valueOf(m.group(1)), new String[] {m.group(2), m.group(3)});
                continue;
            }
            m = RESUMED.matcher(line);
            if (m.matches()) {
                String[] start = pending.remove(String.valueOf(m.group(1)));
                String args = start == null ? m.group(3) : start[1] + m.group(3);
                out.add(new Call(m.group(2), args, m.group(4).startsWith("-")));
                continue;
            }
            m = WHOLE.matcher(line);
            if (m.matches()) {
                out.add(new Call(m.group(1), m.group(2), m.group(3).startsWith("-")));
            }
        }
        return out;
    }
}
