package jab.fork;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.results.BenchmarkTaskResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.InfraControl;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs one variant's benchmark in slices, each one JMH iteration, through the entry point JMH
 * generates for it ({@code <method>_<Mode>(InfraControl, ThreadParams)}), as JMH's own
 * {@code BenchmarkHandler} does: the generated code makes the {@code @State} objects, runs the
 * {@code @Setup}/{@code @TearDown} of every level (the trial's on the first and last slice), feeds
 * the Blackhole and counts operations, and JMH's {@code Result} gives the score in the benchmark's unit.
 * What differs from a JMH fork is only who decides when an iteration starts: between two slices of
 * this variant, the other variants of the question run theirs.
 *
 * <p>The benchmark runs on the fork's one benchmark thread ({@code worker}, shared by every variant's
 * driver; JMH, too, never runs the benchmark on the thread that times it): the slice's time is measured
 * by the generated code, the calling thread only sleeps for the slice and then tells the loop to stop.
 */
final class SliceDriver {
    private static final ThreadParams ONE_THREAD = new ThreadParams(0, 1, 0, 1, 0, 1, 0, 1, 0, 1);
    private final String label;
    private final ClassLoader loader;
    private final Object instance;
    private final Method entry;
    private final BenchmarkParams benchmark;
    private final ExecutorService worker;
    private boolean first = true;

    /**
     * @param worker the fork's benchmark thread, a single-thread executor: see {@link #benchmarkThread}
     */
    SliceDriver(String label, BenchmarkListEntry e, WorkloadParams params, ClassLoader loader, TimeValue slice,
            ExecutorService worker) throws Exception {
        this.label = label;
        this.loader = loader;
        String target = e.generatedTarget();
        int dot = target.lastIndexOf('.');
        Class<?> generated = Class.forName(target.substring(0, dot), true, loader);
        this.instance = generated.getConstructor().newInstance();
        this.entry = generated.getMethod(target.substring(dot + 1), InfraControl.class, ThreadParams.class);
        boolean single = e.getMode() == Mode.SingleShotTime;
        int batch = e.getMeasurementBatchSize().orElse(Defaults.MEASUREMENT_BATCHSIZE);
        IterationParams iteration = new IterationParams(IterationType.MEASUREMENT, 1, single ? TimeValue.NONE : slice, batch);
        this.benchmark = new BenchmarkParams(e.getUsername(), target, false, 1, new int[] {1}, Collections.emptyList(), 1, 0,
                iteration, iteration, e.getMode(), params, e.getTimeUnit().orElse(Defaults.OUTPUT_TIMEUNIT),
                e.getOperationsPerInvocation().orElse(Defaults.OPS_PER_INVOCATION), "", new ArrayList<>(),
                System.getProperty("java.version"), System.getProperty("java.vm.name"), System.getProperty("java.vm.version"),
                org.openjdk.jmh.util.Version.getPlainVersion(), Defaults.TIMEOUT);
        this.worker = worker;
    }

    /**
     * The one thread that runs every variant's slices in a fork. The pitfall it avoids: a thread per
     * variant wakes for each of its slices wherever the scheduler places it, and a cloud VM's vCPUs do
     * not run at one speed (on the 2-vCPU Intel VM of 2026-12-01 a stat(2) loop pinned to either vCPU
     * took 0.27 us in some 50 ms slices and 0.45 us in others, each vCPU changing on its own), so a
     * round's ratio held whichever vCPUs its slices woke on. One thread running slice after slice mostly
     * stays on its vCPU: the fs missing-file question's round ratios varied 16-20% (four runs) where a
     * thread per variant gave 21-25% (three).
     */
    static ExecutorService benchmarkThread() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "jab-interleaved-benchmark");
            t.setDaemon(true);
            return t;
        });
    }

    String label() {
        return label;
    }

    /**
     * One slice (a JMH iteration of {@code slice}'s length; a single-shot benchmark's one batch): its
     * primary score in the benchmark's unit. {@code last} runs the trial's tear-down after it.
     */
    Score slice(boolean last) throws Exception {
        InfraControl control = new InfraControl(benchmark, benchmark.getMeasurement(), new CountDownLatch(1), new CountDownLatch(1),
                first, last, false, new Control());
        first = false;
        Future<BenchmarkTaskResult> run = worker.submit(() -> {
            Thread.currentThread().setContextClassLoader(loader);
            return (BenchmarkTaskResult) entry.invoke(instance, control, ONE_THREAD);
        });
        control.awaitWarmupReady();
        if (benchmark.getMode() != Mode.SingleShotTime) {
            try {
                run.get(benchmark.getMeasurement().getTime().convertTo(TimeUnit.NANOSECONDS), TimeUnit.NANOSECONDS);
                // returned before it was told to stop: only a failure does that, and get() below throws it
            } catch (TimeoutException expected) {
                // the slice's time is up
            } catch (ExecutionException failed) {
                throw unwrap(failed);
            }
        }
        control.announceDone();
        control.awaitWarmdownReady();
        BenchmarkTaskResult r;
        try {
            r = run.get(benchmark.getTimeout().convertTo(TimeUnit.NANOSECONDS), TimeUnit.NANOSECONDS);
        } catch (ExecutionException failed) {
            throw unwrap(failed);
        }
        for (Result<?> res : r.getResults()) {
            if (res.getRole().isPrimary()) {
                return new Score(res.getScore(), res.getScoreUnit());
            }
        }
        throw new IllegalStateException(label + ": JMH's generated code returned no primary result");
    }

    /** A slice's score and its unit, as JMH's Result gives them. */
    static final class Score {
        final double value;
        final String unit;

        Score(double value, String unit) {
            this.value = value;
            this.unit = unit;
        }
    }

    private Exception unwrap(ExecutionException e) {
        Throwable t = e.getCause();
        if (t instanceof InvocationTargetException && t.getCause() != null) {
            t = t.getCause();
        }
        return new Exception(label + ": the benchmark threw " + t, t);
    }
}
