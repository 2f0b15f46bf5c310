package jab.harness.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jab.bench.process.LaunchMechanisms;
import jab.bench.process.probe.LaunchOnce;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.harness.jdk.Jdk;

/**
 * Proof of what a launch really does: one {@link LaunchOnce} JVM per JDK and mechanism under
 * {@code strace -f -e trace=clone,clone3,vfork,fork,execve}, reduced to the syscalls that made and
 * replaced the child process. The JVM's own threads (clones with CLONE_THREAD) are left out.
 */
public final class LaunchTrace {
    /** The mechanism a probe asks for; DEFAULT sets no property and shows the JDK's default. */
    public static final String DEFAULT = "DEFAULT";
    static final String STRACE_SYSCALLS = "trace=clone,clone3,vfork,fork,execve";

    /**
     * One traced launch.
     *
     * @param requested   DEFAULT or the -Djdk.lang.Process.launchMechanism value
     * @param effective   what ProcessImpl took (from the probe's own report), or "" when it did not say
     * @param steps       e.g. clone3(CLONE_VM|CLONE_VFORK), execve(/.../jspawnhelper), execve(/.../hello_child)
     * @param sharedMemory the child was created with CLONE_VM (posix_spawn, vfork): no page-table copy
     * @param jdkMessage  what the JVM printed to stderr (a deprecation warning, an Error), verbatim
     * @param exitCode    the probe JVM's exit code
     */
    public record Trace(String requested, String effective, List<String> steps, boolean sharedMemory,
                        String jdkMessage, int exitCode) {
        public String line() {
            String what = steps.isEmpty() ? "(no child process seen)" : String.join(" -> ", steps);
            String head = DEFAULT.equals(requested) ? "DEFAULT (" + (effective.isEmpty() ? "?" : effective) + ")" : requested;
            String eff = DEFAULT.equals(requested) || effective.isEmpty() || effective.equals(requested)
                    ? "" : " [ProcessImpl: " + effective + "]";
            return head + ": " + what + eff + (exitCode != 0 ? " (probe exit " + exitCode + ")" : "");
        }

        public boolean usesJspawnhelper() {
            return steps.stream().anyMatch(s -> s.contains("jspawnhelper"));
        }
    }

    private LaunchTrace() {
    }

    /** The mechanisms a verification traces: the JDK default first, then each one jab knows. */
    public static List<String> mechanisms() {
        List<String> m = new ArrayList<>();
        m.add(DEFAULT);
        m.addAll(List.of(LaunchMechanisms.NAMES));
        return m;
    }

    /** Traces one launch of {@code child} by a fresh JVM of {@code jdk}. */
    public static Trace trace(Path strace, Jdk jdk, String mechanism, String child, Path workDir)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path out = Files.createTempFile(workDir, "strace-" + jdk.id() + "-" + mechanism, ".txt");
        try {
            List<String> cmd = new ArrayList<>(List.of(strace.toString(), "-f", "-qq", "-e", STRACE_SYSCALLS,
                    "-o", out.toString(), jdk.java().toString(), "--add-opens=java.base/java.lang=ALL-UNNAMED"));
            if (!DEFAULT.equals(mechanism)) {
                cmd.add("-D" + LaunchMechanisms.PROPERTY + "=" + mechanism);
            }
            cmd.addAll(List.of("-cp", ProbeClasspath.get(), LaunchOnce.class.getName(), "--report", child));
            Result r = Subprocess.of(cmd).named("strace of JDK " + jdk.id() + " " + mechanism)
                    .timeout(Duration.ofSeconds(120)).run();
            String effective = "";
            for (String line : r.stdout().split("\\R")) {
                if (line.startsWith("jab.launchMechanism=")) {
                    effective = line.substring("jab.launchMechanism=".length()).trim();
                }
            }
            List<Event> events = parse(Files.readAllLines(out, StandardCharsets.UTF_8));
            Chain chain = chain(events);
            return new Trace(mechanism, effective, chain.steps, chain.sharedMemory, r.stderr().strip(), r.exitCode());
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** A syscall of strace's output, unfinished and resumed halves joined. */
    record Event(int pid, String name, String args, String ret) {
    }

    private static final Pattern CALL = Pattern.compile("^(\\d+)\\s+(\\w+)\\((.*)$");
    private static final Pattern RESUMED = Pattern.compile("^(\\d+)\\s+<\\.\\.\\. (\\w+) resumed>(.*)$");
    private static final Pattern RET = Pattern.compile("\\)\\s*=\\s*(-?\\d+|\\?)(.*)$");

    static List<Event> parse(List<String> lines) {
        List<Event> events = new ArrayList<>();
        Map<Integer, String[]> pending = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher r = RESUMED.matcher(line);
            if (r.find()) {
                int pid = Integer.parseInt(r.group(1));
                String[] start = pending.remove(pid);
                String args = (start != null ? start[1] : "") + r.group(3);
                events.add(new Event(pid, r.group(2), args, ret(r.group(3))));
                continue;
            }
            Matcher c = CALL.matcher(line);
            if (!c.find()) {
                continue; // signals (---), exits (+++)
            }
            int pid = Integer.parseInt(c.group(1));
            String rest = c.group(3);
            if (rest.endsWith("<unfinished ...>")) {
                pending.put(pid, new String[] {c.group(2), rest.substring(0, rest.length() - "<unfinished ...>".length())});
            } else {
                events.add(new Event(pid, c.group(2), rest, ret(rest)));
            }
        }
        return events;
    }

    private static String ret(String tail) {
        Matcher m = RET.matcher(tail);
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        return last == null ? "" : last;
    }

    record Chain(List<String> steps, boolean sharedMemory) {
    }

    /** The first process the JVM created (not a thread) and the execs that child made. */
    static Chain chain(List<Event> events) {
        for (Event e : events) {
            String flags = flags(e);
            boolean creates = e.name().equals("vfork") || e.name().equals("fork")
                    || ((e.name().equals("clone") || e.name().equals("clone3")) && !flags.contains("CLONE_THREAD"));
            if (!creates || !e.ret().matches("\\d+")) {
                continue;
            }
            int child = Integer.parseInt(e.ret());
            List<String> steps = new ArrayList<>();
            boolean shared = e.name().equals("vfork") || flags.contains("CLONE_VM");
            steps.add(describeCreation(e.name(), flags));
            for (Event x : events) {
                if (x.pid() == child && x.name().equals("execve") && "0".equals(x.ret())) {
                    steps.add("execve(" + firstString(x.args()) + ")");
                }
            }
            return new Chain(steps, shared);
        }
        return new Chain(List.of(), false);
    }

    private static String flags(Event e) {
        Matcher m = Pattern.compile("flags=([A-Z0-9_|]+)").matcher(e.args());
        return m.find() ? m.group(1) : "";
    }

    static String describeCreation(String name, String flags) {
        if (name.equals("vfork") || name.equals("fork")) {
            return name + "()";
        }
        List<String> shown = new ArrayList<>();
        for (String f : flags.split("\\|")) {
            if (f.equals("CLONE_VM") || f.equals("CLONE_VFORK")) {
                shown.add(f);
            }
        }
        return name + "(" + (shown.contains("CLONE_VM") ? String.join("|", shown) : "no CLONE_VM") + ")";
    }

    private static String firstString(String args) {
        int a = args.indexOf('"');
        int b = a < 0 ? -1 : args.indexOf('"', a + 1);
        return a < 0 || b < 0 ? args : args.substring(a + 1, b);
    }

    public static final String NO_STRACE = "strace not found: install the Debian/Ubuntu package 'strace' "
            + "(sudo apt-get install strace) to see which syscalls each launch mechanism uses";
}
