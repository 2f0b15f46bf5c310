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
 * ProcessBuilder launching the child from a parent whose heap holds {@code touchedHeapMb} MiB of
 * touched memory (what {@code -Xms4g -XX:+AlwaysPreTouch} gives a server), per launch mechanism.
 * FORK copies the parent's page tables, so its cost grows with the touched memory; POSIX_SPAWN
 * (clone with CLONE_VM|CLONE_VFORK) shares them and should not grow: the reason JDK 13 made it the
 * default (JDK-8213192).
 *
 * <p>The memory is held as byte arrays, every page written, allocated in {@code @Setup}; the fork's
 * max heap must hold it (the JVM default is a quarter of RAM). Run:
 * {@code ./jab run ParentHeap -p touchedHeapMb=0,4096 -p launchMechanism=POSIX_SPAWN,FORK}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ParentHeapBenchmark {

    @Param({"POSIX_SPAWN", "FORK"})
    public String launchMechanism;

    @Param({"0", "4096"})
    public int touchedHeapMb;

    private ProcessCommands commands;
    private byte[][] ballast;

    @Setup(Level.Trial)
    public void touchHeap() {
        LaunchMechanisms.use(launchMechanism);
        commands = ProcessCommands.create();
        ballast = HeapBallast.touch(touchedHeapMb);
        ParentMemory.recordForFork(launchMechanism, "ParentHeapBenchmark", touchedHeapMb);
    }

    @TearDown(Level.Trial)
    public void release() {
        ballast = null;
        ProcessReaper.killDescendants();
    }

    @Benchmark
    public Launched existing() throws Exception {
        return ProcessLaunchBenchmark.expectSuccess(ProcessLauncher.PROCESS_BUILDER.launch(commands.child()));
    }

}
