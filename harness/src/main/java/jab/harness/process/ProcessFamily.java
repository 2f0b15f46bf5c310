package jab.harness.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.bench.process.JdkMessages;
import jab.bench.process.LaunchMechanisms;
import jab.bench.process.ParentMemory;
import jab.bench.process.ProcessCommands;
import jab.harness.UsageException;
import jab.harness.baseline.NativeBuild;
import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Measurement;
import jab.harness.family.Profile;
import jab.harness.family.Question;
import jab.harness.family.RunContext;
import jab.harness.family.Subcommand;
import jab.harness.jdk.Jdk;
import jab.harness.page.ConsoleText;
import jab.harness.page.Page;
import jab.harness.results.NativeResult;
import jab.harness.results.RunResults;
import jab.harness.trace.SyscallCount;
import jab.harness.trace.TraceCache;

/**
 * Child-process launch: seven APIs (ProcessBuilder, Runtime.exec, zt-exec x3, NuProcess, Commons
 * Exec) x four scenarios x the JDK's launch mechanisms, a parent-heap comparison of POSIX_SPAWN and
 * FORK, the same launches from C, whole-JVM wall times, and an strace proof of the syscalls used.
 */
public final class ProcessFamily implements Family {
    private static final String[] DEFAULT_LAUNCHERS = {"PROCESS_BUILDER", "ZT_EXEC", "NUPROCESS", "COMMONS_EXEC"};
    private static final String[] SMOKE_LAUNCHERS = {"PROCESS_BUILDER", "RUNTIME_EXEC", "ZT_EXEC", "NUPROCESS", "COMMONS_EXEC"};

    private final NativeBuild build = new NativeBuild();
    private ProcessChild child;

    @Override
    public String name() {
        return "process";
    }

    @Override
    public String description() {
        return "child-process launch: ProcessBuilder, Runtime.exec, zt-exec, NuProcess, Commons Exec x POSIX_SPAWN/FORK/VFORK "
                + "on existing, missing and random commands; parent heap; C posix_spawn/vfork/fork; whole-JVM time; strace proof";
    }

    /**
     * Seed 001's questions, for an existing and a missing command: which library (the launch mechanism
     * held fixed: they share a fork) and which launch mechanism (each in forks of its own: the JDK reads
     * jdk.lang.Process.launchMechanism once per JVM, when its process class initialises); and FORK
     * against POSIX_SPAWN and VFORK from a large heap, per heap size.
     */
    @Override
    public List<Question> questions(List<BenchmarkListEntry> benchmarks) {
        String launch = benchmarkPackage() + "ProcessLaunchBenchmark.";
        String once = "the JDK reads jdk.lang.Process.launchMechanism once per JVM, so each mechanism needs forks of its own";
        List<Question> out = new ArrayList<>();
        for (String scenario : List.of("existing", "missing")) {
            String what = scenario.equals("existing") ? "an existing command" : "a missing command";
            out.add(Question.overParam("which library launches " + what, "launcher", "PROCESS_BUILDER", launch + scenario));
            out.add(Question.overParam("which launch mechanism for " + what, "launchMechanism", "POSIX_SPAWN", launch + scenario)
                    .inSeparateForks(once));
        }
        out.add(Question.overParam("FORK against POSIX_SPAWN and VFORK from a large heap", "launchMechanism", "POSIX_SPAWN",
                benchmarkPackage() + "ParentHeapBenchmark.existing").inSeparateForks(once));
        return out;
    }

    @Override
    public JmhSettings settings(Profile profile) {
        return switch (profile) {
            // Proves every library and every mechanism run: every library with POSIX_SPAWN, ProcessBuilder
            // also with FORK and VFORK, NuProcess with VFORK (what it uses, and what the NuProcess-vs-
            // ProcessBuilder check compares); 7 x 4 + 4 forks of about a second.
            case SMOKE -> JmhSettings.of(1, 1, "100ms", 2, "100ms").withParams(Map.of(
                    "launcher", SMOKE_LAUNCHERS,
                    "launchMechanism", LaunchMechanisms.NAMES.clone(),
                    "touchedHeapMb", new String[] {"0", "256"}))
                    .only(v -> v.param("launcher").isEmpty() ? !v.param("launchMechanism").equals("VFORK") : oneMechanismPerLibrary(v));
            case THOROUGH -> JmhSettings.of(4, 3, "1s", 10, "1s").withParams(everyMechanism(null)); // the seed's 40 samples
            // A launch takes 1-6 ms: 200 ms iterations hold 30-200 of them. Three forks to start, so
            // fork-to-fork variance is estimable with t = 4.3 rather than 12.7. The libraries that
            // are ProcessBuilder underneath with nothing of their own (Runtime.exec, zt-exec's option
            // variants) and the random-command scenarios only in thorough, so the budget goes to forks.
            // The parent-heap question from the large heap only (the empty heap, 9 forks of about 4 s, is thorough's).
            case DEFAULT -> JmhSettings.of(3, 2, "200ms", 5, "200ms").withParams(everyMechanism(DEFAULT_LAUNCHERS))
                    .only(v -> !v.method().startsWith("random") && oneMechanismPerLibrary(v) && !v.param("touchedHeapMb").equals("0"));
        };
    }

    /**
     * ProcessBuilder with every mechanism, the libraries on top of it with one: the mechanism's cost
     * is ProcessBuilder's, so the libraries' figures only add their own overhead to it. NuProcess
     * launches through VFORK whatever the property says, so it runs with the value it really uses.
     */
    static boolean oneMechanismPerLibrary(JmhSettings.Variant v) {
        String launcher = v.param("launcher");
        String mechanism = v.param("launchMechanism");
        return switch (launcher) {
            case "", "PROCESS_BUILDER" -> true;
            case "NUPROCESS" -> mechanism.equals("VFORK");
            default -> mechanism.equals("POSIX_SPAWN");
        };
    }

    /**
     * Every mechanism for the parent-heap comparison too, and a large heap this machine can hold;
     * {@code launchers} the libraries to run, or null for the benchmark's own list (every one).
     */
    private static Map<String, String[]> everyMechanism(String[] launchers) {
        Map<String, String[]> params = new HashMap<>(Map.of("launchMechanism", LaunchMechanisms.NAMES.clone(),
                "touchedHeapMb", new String[] {"0", Integer.toString(largeHeapMb())}));
        if (launchers != null) {
            params.put("launcher", launchers);
        }
        return params;
    }

    /**
     * The "large touched heap" of the parent-memory comparison: 4 GiB (a server with -Xms4g
     * -XX:+AlwaysPreTouch), less on a machine whose default max heap (a quarter of RAM) cannot
     * hold it; the value is in the results' params either way.
     */
    static int largeHeapMb() {
        long ram = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getTotalMemorySize();
        long fits = (long) (ram / 4 * 0.75) >> 20;
        return (int) Math.max(256, Math.min(4096, fits / 256 * 256));
    }

    /** A parent that touches N MiB of heap needs that much and room to spare; the others the default. */
    @Override
    public String forkHeap(String benchmark, Map<String, String> params) {
        int touched = Integer.parseInt(params.getOrDefault("touchedHeapMb", "0"));
        return touched == 0 ? Family.super.forkHeap(benchmark, params) : (touched + touched / 4 + 512) + "m";
    }

    @Override
    public void validate(RunContext ctx) {
        for (String v : ctx.param("launchMechanism")) {
            if (!Arrays.asList(LaunchMechanisms.NAMES).contains(v)) {
                throw new UsageException("-p launchMechanism=" + v + ": unknown launch mechanism; use "
                        + String.join(", ", LaunchMechanisms.NAMES) + " (the values of -D" + LaunchMechanisms.PROPERTY + ")");
            }
        }
        for (String v : ctx.param("touchedHeapMb")) {
            try {
                if (Integer.parseInt(v) < 0) {
                    throw new UsageException("-p touchedHeapMb=" + v + ": must be >= 0");
                }
            } catch (NumberFormatException e) {
                throw new UsageException("-p touchedHeapMb=" + v + ": not a whole number of MiB");
            }
        }
    }

    @Override
    public void customize(ChainedOptionsBuilder options, Jdk jdk, RunContext ctx) {
        // Prepend, not append: the harness's own jvmArgsAppend (-Djab.dir) would be replaced.
        List<String> args = new ArrayList<>(List.of("--add-opens=java.base/java.lang=ALL-UNNAMED",
                "-D" + ProcessCommands.CHILD_PROPERTY + "=" + child().path(),
                "-D" + JdkMessages.FILE_PROPERTY + "=" + ctx.workDir().resolve(JdkMessagesDocument.FORKS_FILE),
                "-D" + ParentMemory.FILE_PROPERTY + "=" + ctx.workDir().resolve(ParentMemoryRecords.FORKS_FILE)));
        if (jdk.feature() >= 22) {
            args.add("--enable-native-access=ALL-UNNAMED"); // NuProcess's JNA loads libjnidispatch: no restricted-method warning
        }
        options.jvmArgsPrepend(args.toArray(new String[0]));
    }

    /** The same launches from C, whole-JVM wall times per JDK, and the strace proof of each mechanism. */
    @Override
    public Measurement measureBeforeJmh(RunContext ctx) throws Exception {
        Measurement.Builder m = Measurement.builder();
        List<String> notes = new ArrayList<>();
        ProcessChild c = child();
        if (c.isFallback()) {
            notes.add(c.note());
        }
        int runs = wholeJvmRuns(ctx.profile());
        m.baselines(ProcessNativeBaseline.measure(build, settings(ctx.profile()), c, runs,
                (mechanism, scenario) -> measuresAny(ctx, mechanism, scenario), notes));
        Optional<Path> strace = SyscallCount.strace();
        Optional<ProcessNativeBaseline.Programs> programs = ProcessNativeBaseline.Programs.of(build);
        TraceCache cache = TraceCache.open(name(), ctx.workDir(), ctx.log());
        if (strace.isPresent() && programs.isPresent()) {
            try {
                notes.addAll(FailureTrace.explain(strace.get(), programs.get(), c, ctx.workDir(), cache));
            } catch (Exception e) {
                notes.add("strace count of the C failure floors failed: " + e.getMessage());
            }
        }
        for (Jdk jdk : ctx.jdks()) {
            try {
                m.timings(WholeJvmTiming.measure(jdk, c, runs));
            } catch (Exception e) {
                notes.add("whole-JVM timing on JDK " + jdk.id() + " failed: " + e.getMessage());
            }
        }
        Map<String, List<LaunchDocument.Traced>> traces = new LinkedHashMap<>();
        if (strace.isPresent()) {
            for (Jdk jdk : ctx.jdks()) {
                List<LaunchDocument.Traced> list = new ArrayList<>();
                for (String mechanism : LaunchTrace.mechanisms()) {
                    try {
                        LaunchTrace.Trace t = cache.get(LaunchTrace.Trace.class, jdk, List.of("launch", mechanism, c.path()),
                                () -> LaunchTrace.trace(strace.get(), jdk, mechanism, c.path(), ctx.workDir()));
                        // a launch's chain of execs names whole paths: wrapped, so the console stays 120 columns wide
                        ctx.log().print(ConsoleText.wrap("JDK " + jdk.id() + " ", t.line()));
                        list.add(LaunchDocument.Traced.of(t));
                    } catch (Exception e) {
                        notes.add("strace of JDK " + jdk.id() + " " + mechanism + " failed: " + e.getMessage());
                    }
                }
                traces.put(jdk.id(), list);
            }
        } else {
            notes.add(LaunchTrace.NO_STRACE);
        }
        notes.add("NuProcess starts children through the JDK's forkAndExec in VFORK mode whatever launchMechanism says, so its "
                + "floor is C vfork's; its failed-start WARNING log (java.util.logging) is raised to SEVERE in the forks. It is timed "
                + "to its onExit callback through NuProcessBuilder.run() (synchronous: dead pool drained with 0, 0, 1, 3, 7 ms "
                + "back-off sleeps), not start()+waitFor(): there a child that closed its pipes before it became a zombie waits for "
                + "the shared epoll thread's next timeout, -Dcom.zaxxer.nuprocess.deadPoolPollMs (default 250 ms, clamped to at "
                + "least 100 ms by NuProcess 3.0.0), so start() measures that poll interval, not a launch.");
        notes.add(PAIRING_NOTE);
        notes.addAll(cache.notes());
        m.document(LaunchDocument.NAME, new LaunchDocument(new LaunchDocument.Child(c.path(), c.note()),
                strace.map(Path::toString).orElse(LaunchTrace.NO_STRACE), traces, List.of()));
        return m.notes(notes).build();
    }

    static final String PAIRING_NOTE = "Each JVM/native ratio divides by the C floor of the same syscall sequence only "
            + "(mechanism, start or failure, execs, commands, parent size; named in the table); mechanism cost = that floor, "
            + "JVM cost = JVM minus floor. POSIX_SPAWN's floor is posix_spawn of a helper that execs the command (two execs, "
            + "as jspawnhelper; jspawnhelper's own protocol of reading the child's setup from a pipe is in the JVM cost). "
            + "FORK's floor forks from a C parent that touched as many MiB as the JVM fork had resident, per JDK.";

    /**
     * What the JDKs printed in the forks about a mechanism (the forks left it in the work dir), and
     * FORK's floors: fork from a C parent as large as each JVM fork that launched with FORK was.
     */
    @Override
    public Measurement measureAfterJmh(RunContext ctx) throws Exception {
        Measurement.Builder m = Measurement.builder();
        List<ParentMemoryRecords.Parent> parents = ParentMemoryRecords.read(ctx.workDir());
        Optional<ProcessNativeBaseline.Programs> programs = ProcessNativeBaseline.Programs.of(build);
        if (!parents.isEmpty() && programs.isPresent()) {
            List<NativeResult> floors = new ArrayList<>();
            for (ParentMemoryRecords.Parent parent : parents) {
                boolean heap = parent.benchmark().startsWith("ParentHeap");
                for (String scenario : heap ? List.of("existing") : List.of("existing", "missing", "randomExisting")) {
                    if (heap || measuresAny(ctx, "FORK", scenario)) {
                        floors.add(ProcessNativeBaseline.forkFloor(programs.get(), settings(ctx.profile()), child(), parent, scenario));
                    }
                }
            }
            m.baselines(floors);
        }
        return m.build();
    }

    /** What the JDKs said in every fork that set a launch mechanism, the solo rounds' and added forks' too. */
    @Override
    public Map<String, Object> documentsAfterForks(RunContext ctx) throws IOException {
        List<JdkMessagesDocument.Message> messages = JdkMessagesDocument.readForksFile(ctx.workDir());
        return messages.isEmpty() ? Map.of() : Map.of(JdkMessagesDocument.NAME, messages);
    }

    /** Whether the run measures a launch whose floor is {@code mechanism}'s on {@code scenario} (randomMissing: missing's). */
    static boolean measuresAny(RunContext ctx, String mechanism, String scenario) {
        for (String launcher : ctx.param("launcher")) {
            for (String m : ctx.param("launchMechanism")) {
                String effective = launcher.equals("NUPROCESS") ? "VFORK" : m;
                for (String method : ProcessSection.SCENARIOS) {
                    String floorScenario = method.equals("randomMissing") ? "missing" : method;
                    if (effective.equals(mechanism) && floorScenario.equals(scenario)
                            && ctx.measures(new JmhSettings.Variant(method, 1, Map.of("launcher", launcher, "launchMechanism", m)))) {
                        return true;
                    }
                }
            }
        }
        // the parent-heap benchmark launches the child with each mechanism too
        for (String h : ctx.param("touchedHeapMb")) {
            if (scenario.equals("existing") && ctx.measures(new JmhSettings.Variant("existing", 1,
                    Map.of("launchMechanism", mechanism, "touchedHeapMb", h)))
                    && List.of(ctx.param("launchMechanism")).contains(mechanism)) {
                return true;
            }
        }
        return false;
    }

    static int wholeJvmRuns(Profile p) {
        return switch (p) {
            case SMOKE -> 3;
            case THOROUGH -> 40;
            case DEFAULT -> 20;
        };
    }

    @Override
    public void section(RunResults run, Page page, int level) {
        ProcessSection.render(run, page, level);
    }

    @Override
    public List<Subcommand> subcommands() {
        return List.of(Subcommand.verify(new ProcessVerifyCommand()));
    }

    private synchronized ProcessChild child() {
        if (child == null) {
            child = ProcessChild.resolve(build);
        }
        return child;
    }
}
