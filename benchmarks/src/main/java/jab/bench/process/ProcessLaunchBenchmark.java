package jab.bench.process;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Time to start a child, read its stdout to EOF and reap it, per API ({@link ProcessLauncher}) and
 * JDK launch mechanism. The figure depends mostly on the kernel's process creation (clone, exec,
 * page tables: FORK copies the parent's), the dynamic loader of the child, and per library on the
 * threads it starts to pump output. The missing scenarios measure the failure: for a bare name the
 * JDK searches PATH in the child and reports the error back over a pipe, so a missing command costs
 * a full launch too.
 *
 * <p>Run: {@code ./jab run process -p launcher=PROCESS_BUILDER,ZT_EXEC -p launchMechanism=POSIX_SPAWN,FORK --jdk all}
 *
 * <p>Every param combination is its own JMH fork, so each fork sets the launch mechanism before its
 * first launch (see {@link LaunchMechanisms}); NuProcess ignores it (always VFORK).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ProcessLaunchBenchmark {

    @Param
    public ProcessLauncher launcher;

    @Param({"POSIX_SPAWN", "FORK", "VFORK"})
    public String launchMechanism;

    private ProcessCommands commands;

    @Setup(Level.Trial)
    public void chooseMechanism() {
        LaunchMechanisms.use(launchMechanism);
        commands = ProcessCommands.create();
        ParentMemory.recordForFork(launchMechanism, "ProcessLaunchBenchmark", 0);
    }

    @TearDown(Level.Trial)
    public void reapLeftovers() {
        ProcessReaper.killDescendants();
    }

    @Benchmark
    public Launched existing() throws Exception {
        return expectSuccess(launcher.launch(commands.child()));
    }

    @Benchmark
    public Exception missing() {
        return launcher.launchMissing(commands.missing());
    }

    @Benchmark
    public Launched randomExisting() throws Exception {
        return expectSuccess(launcher.launch(commands.nextExisting()));
    }

    @Benchmark
    public Exception randomMissing() {
        return launcher.launchMissing(commands.nextMissing());
    }

    static Launched expectSuccess(Launched l) {
        if (l.exitCode != 0) {
            throw new IllegalStateException("child exited with " + l.exitCode);
        }
        return l;
    }
}
