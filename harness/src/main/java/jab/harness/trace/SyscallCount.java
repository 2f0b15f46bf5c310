package jab.harness.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongFunction;

import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;

/**
 * The syscalls a command makes, as {@code strace -f -c} counts them: calls and failed calls per
 * syscall name, every thread and child included. {@link #perOperation} turns two such counts into
 * syscalls per operation by difference: the same command doing its operation n and then 2n times.
 * What JVM start-up, class loading, the JIT and GC make is in both runs and cancels; what remains,
 * divided by n, is the operation's own, whatever names the kernel and libc give the calls.
 */
public final class SyscallCount {
    /** What strace counted for one syscall. */
    public record Calls(long calls, long errors) {
    }

    /**
     * One syscall's share of an operation.
     *
     * @param calls  calls per operation
     * @param errors failed calls per operation (strace's "errors": the call returned an error)
     */
    public record PerOperation(String syscall, double calls, double errors) {
        /** "1 access (fails)", "0.5 futex", "2 read". */
        public String words() {
            String n = calls >= 10 || Math.abs(calls - Math.rint(calls)) < 0.05
                    ? Long.toString(Math.round(calls)) : String.format(java.util.Locale.ROOT, "%.1f", calls);
            String fails = errors <= 0.05 ? "" : errors >= calls - 0.05 ? " (fails)" : String.format(java.util.Locale.ROOT,
                    " (%.1f fail)", errors);
            return n + " " + syscall + fails;
        }
    }

    /** Below this many calls per operation a difference is run-to-run noise (a GC, a JIT compile), not the operation. */
    public static final double NOISE = 0.1;

    public static final String NO_STRACE = "strace not found: install the Debian/Ubuntu package 'strace' "
            + "(sudo apt-get install strace) to count syscalls per operation";

    private SyscallCount() {
    }

    /** strace on PATH, if any. */
    public static Optional<Path> strace() {
        return Subprocess.onPath("strace");
    }

    /** strace for a verify command, which has nothing to show without it: when missing, says how to install it on stderr. */
    public static Optional<Path> straceOrSayHowToInstall() {
        Optional<Path> strace = strace();
        if (strace.isEmpty()) {
            System.err.println("jab: " + NO_STRACE);
        }
        return strace;
    }

    /** Runs {@code command} under {@code strace -f -c}; its count per syscall, and the command's own result. */
    public record Counted(Map<String, Calls> calls, Result result) {
    }

    public static Counted of(Path strace, List<String> command, Path workDir, Duration timeout)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path out = Files.createTempFile(workDir, "strace-count", ".txt");
        try {
            List<String> cmd = new ArrayList<>(counting(strace, out));
            cmd.addAll(command);
            Result r = Subprocess.of(cmd).named("strace -c of " + command.get(0)).timeout(timeout).run();
            return new Counted(read(out), r);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * The strace command line that counts, into {@code out}, the syscalls of the command put after it
     * (every thread and child): for a command that is started rather than run to its end, such as a
     * server stopped once its work is done. strace writes {@code out} when the command has exited.
     */
    public static List<String> counting(Path strace, Path out) {
        return List.of(strace.toString(), "-f", "-qq", "-c", "-U", "name,calls,errors", "-o", out.toString(), "--");
    }

    /** The count a {@link #counting} strace wrote. */
    public static Map<String, Calls> read(Path out) throws IOException {
        return parse(Files.readAllLines(out, StandardCharsets.UTF_8));
    }

    /**
     * Syscalls per operation of a command whose operation count is its last argument: run with n,
     * then 2n, under strace; the difference over n, each syscall at least {@link #NOISE} per
     * operation, most first. Fails when a run fails.
     */
    public static List<PerOperation> perOperation(Path strace, LongFunction<List<String>> commandFor, long n, Path workDir,
                                                  Duration timeout) throws IOException, InterruptedException {
        Counted once = of(strace, commandFor.apply(n), workDir, timeout);
        once.result().requireSuccess();
        Counted twice = of(strace, commandFor.apply(2 * n), workDir, timeout);
        twice.result().requireSuccess();
        return difference(once.calls(), twice.calls(), n);
    }

    /** (twice - once) / n per syscall, keeping those of at least {@link #NOISE} calls per operation, most first. */
    public static List<PerOperation> difference(Map<String, Calls> once, Map<String, Calls> twice, long n) {
        Map<String, Calls> all = new TreeMap<>(once);
        twice.keySet().forEach(k -> all.putIfAbsent(k, new Calls(0, 0)));
        List<PerOperation> out = new ArrayList<>();
        for (String name : all.keySet()) {
            Calls a = once.getOrDefault(name, new Calls(0, 0));
            Calls b = twice.getOrDefault(name, new Calls(0, 0));
            double calls = (double) (b.calls() - a.calls()) / n;
            double errors = (double) (b.errors() - a.errors()) / n;
            if (calls >= NOISE) {
                out.add(new PerOperation(name, calls, Math.max(0, errors)));
            }
        }
        out.sort((x, y) -> Double.compare(y.calls(), x.calls()));
        return out;
    }

    /**
     * strace's summary table with columns name, calls, errors ({@code -U name,calls,errors}); the
     * errors cell is blank when there were none. Header, rules and the total line are skipped.
     */
    static Map<String, Calls> parse(List<String> lines) {
        Map<String, Calls> out = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 2 || f[0].startsWith("-") || f[0].equals("syscall") || f[0].equals("total")
                    || !f[1].matches("\\d+")) {
                continue;
            }
            long errors = f.length > 2 && f[2].matches("\\d+") ? Long.parseLong(f[2]) : 0;
            out.put(f[0], new Calls(Long.parseLong(f[1]), errors));
        }
        return out;
    }
}
