package jab.harness.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.bench.process.JdkMessages;
import jab.bench.process.LaunchMechanisms;
import jab.bench.process.ProcessCommands;
import jab.bench.process.ProcessLauncher;
import jab.harness.UsageException;
import jab.harness.family.Family;
import jab.harness.jdk.Jdk;
import jab.harness.nativ.NativeBuild;
import jab.harness.results.NativeResult;
import jab.harness.results.RunResults;
import jab.harness.run.Profile;
import jab.harness.run.ProfileName;
import jab.harness.run.RunContext;

/**
 * Child-process launch: seven APIs (ProcessBuilder, Runtime.exec, zt-exec x3, NuProcess, Commons
 * Exec) x four scenarios x the JDK's launch mechanisms, a parent-heap comparison of POSIX_SPAWN and
 * FORK, the same launches from C, whole-JVM wall times, and an strace proof of the syscalls used.
 */
public final class ProcessFamily implements Family {
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

    @Override
    public Profile profile(ProfileName profile) {
        switch (profile) {
            case SMOKE:
                // Proves every library and two mechanisms run: 5 x 2 x 4 + 4 forks of about a second.
                return Profile.of(1, 1, "100ms", 2, "100ms").withParams(Map.of(
                        "launcher", SMOKE_LAUNCHERS,
                        "launchMechanism", new String[] {"POSIX_SPAWN", "FORK"},
                        "touchedHeapMb", new String[] {"0", "256"}));
            case THOROUGH:
                return Profile.of(4, 3, "1s", 10, "1s").withParams(Map.of( // the seed's 40 samples
                        "launchMechanism", LaunchMechanisms.NAMES.clone(),
                        "touchedHeapMb", new String[] {"0", Integer.toString(largeHeapMb())}));
            default:
                // 7 x 3 x 4 + 6 forks of ~2 s: about 3 minutes per JDK on 2 cores.
                return Profile.of(1, 1, "300ms", 3, "300ms").withParams(Map.of(
                        "launchMechanism", LaunchMechanisms.NAMES.clone(),
                        "touchedHeapMb", new String[] {"0", Integer.toString(largeHeapMb())}));
        }
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

    @Override
    public void validate(Map<String, String[]> params, RunContext ctx) {
        for (String v : params.getOrDefault("launchMechanism", new String[0])) {
            if (!Arrays.asList(LaunchMechanisms.NAMES).contains(v)) {
                throw new UsageException("-p launchMechanism=" + v + ": unknown launch mechanism; use "
                        + String.join(", ", LaunchMechanisms.NAMES) + " (the values of -D" + LaunchMechanisms.PROPERTY + ")");
            }
        }
        for (String v : params.getOrDefault("launcher", new String[0])) {
            if (Arrays.stream(ProcessLauncher.values()).noneMatch(l -> l.name().equals(v))) {
                throw new UsageException("-p launcher=" + v + ": unknown; use one of "
                        + String.join(", ", Arrays.stream(ProcessLauncher.values()).map(Enum::name).toList()));
            }
        }
        for (String v : params.getOrDefault("touchedHeapMb", new String[0])) {
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
                "-D" + JdkMessages.FILE_PROPERTY + "=" + ctx.runDir().resolve(ProcessSummary.MESSAGES_FILE)));
        if (jdk.feature() >= 22) {
            args.add("--enable-native-access=ALL-UNNAMED"); // NuProcess's JNA loads libjnidispatch: no restricted-method warning
        }
        options.jvmArgsPrepend(args.toArray(new String[0]));
    }

    @Override
    public List<NativeResult> measureNative(RunContext ctx) throws Exception {
        List<String> notes = new ArrayList<>();
        ProcessChild c = child();
        if (c.isFallback()) {
            notes.add(c.note());
        }
        Profile profile = profile(ctx.profileName());
        List<NativeResult> results = new ArrayList<>(ProcessNativeBaseline.measure(build, profile, c, notes));
        int runs = wholeJvmRuns(ctx.profileName());
        for (Jdk jdk : ctx.jdks()) {
            try {
                results.addAll(WholeJvmTiming.measure(jdk, c, runs));
            } catch (Exception e) {
                notes.add("whole-JVM timing on JDK " + jdk.id() + " failed: " + e.getMessage());
            }
        }
        Map<String, List<LaunchTrace.Trace>> traces = new LinkedHashMap<>();
        Optional<Path> strace = LaunchTrace.findStrace();
        if (strace.isPresent()) {
            for (Jdk jdk : ctx.jdks()) {
                List<LaunchTrace.Trace> list = new ArrayList<>();
                for (String m : LaunchTrace.mechanisms()) {
                    try {
                        list.add(LaunchTrace.trace(strace.get(), jdk, m, c.path(), ctx.workDir()));
                    } catch (Exception e) {
                        notes.add("strace of JDK " + jdk.id() + " " + m + " failed: " + e.getMessage());
                    }
                }
                traces.put(jdk.id(), list);
                list.forEach(t -> ctx.log().println("JDK " + jdk.id() + " " + t.line()));
            }
        } else {
            notes.add(LaunchTrace.NO_STRACE);
        }
        notes.add("NuProcess starts children through the JDK's forkAndExec in VFORK mode whatever launchMechanism says; "
                + "its failed-start WARNING log (java.util.logging) is raised to SEVERE in the forks. Its exit detection "
                + "polls a 'dead pool' (-Dcom.zaxxer.nuprocess.deadPoolPollMs, default 250 ms), which can dominate its figure.");
        notes.forEach(n -> ctx.log().println("note: " + n));
        LaunchReport.write(ctx.runDir(), c, strace.map(Path::toString).orElse(LaunchTrace.NO_STRACE), traces, notes);
        return results;
    }

    static int wholeJvmRuns(ProfileName p) {
        switch (p) {
            case SMOKE:
                return 3;
            case THOROUGH:
                return 40;
            default:
                return 20;
        }
    }

    @Override
    public String summary(RunResults results, RunContext ctx) {
        return ProcessSummary.markdown(results);
    }

    private synchronized ProcessChild child() {
        if (child == null) {
            child = ProcessChild.resolve(build);
        }
        return child;
    }
}
