package jab.harness.run.jmh;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import jab.fork.HostWatch;
import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.harness.jdk.Jdk;
import jab.harness.run.console.Progress;
import jab.harness.run.console.ProgressFormat;

/**
 * JMH runs of a family's benchmarks on one JDK: one JMH run per {@link Job} (a result), forks started
 * with that JDK's java (JMH's {@code jvm} option) and the heap pinned ({@link HeapPin}). JMH's own
 * RunResult comes back, so results are kept as they finish and forks can be added to one later.
 */
public final class JmhFamilyRun {
    private JmhFamilyRun() {
    }

    /** Where JMH's output goes and how the run is labelled; one per JDK. */
    public record Output(Progress progress, PrintStream log, String label) {
    }

    /**
     * Measures one job with {@code forks} forks; empty when JMH produced no result (the benchmark
     * failed: the log says why).
     */
    public static Optional<RunResult> measure(Job job, int forks, Jdk jdk, ForkOptions forkOptions, RunContext ctx,
                                              Output out) throws RunnerException {
        Options options = options(job, forks, jdk, forkOptions, ctx, true);
        OutputFormat logFormat = OutputFormatFactory.createFormatInstance(out.log(), VerboseMode.NORMAL);
        OutputFormat console = ctx.verbose() ? OutputFormatFactory.createFormatInstance(ctx.log(), VerboseMode.NORMAL) : null;
        ProgressFormat format = new ProgressFormat(logFormat, console, out.progress(), out.label());
        var source = job.family().benchmarkSource();
        for (RunResult r : source.isPresent() ? SourceRunner.run(options, format, source.get()) : new Runner(options, format).run()) {
            if (!r.getBenchmarkResults().isEmpty()) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /**
     * JMH's options for one job: its family's settings (with the user's overrides), the JDK's java,
     * the heap pinned, the family's own options (a flag the user sets is the user's) and the work dir;
     * the user's profilers with {@code profilers} (an interleaved fork runs none).
     */
    public static Options options(Job job, int forks, Jdk runJdk, ForkOptions forkOptions, RunContext ctx, boolean profilers) {
        Family family = job.family();
        Jdk jdk = family.forkJdk(runJdk);
        List<String> userJvmArgs = family.jvmArgs(forkOptions.forkArgs());
        JmhSettings settings = forkOptions.overrides().apply(family.settings(ctx.profile()));
        List<String> jvmArgs = HeapPin.args(userJvmArgs, family.forkHeap(job.benchmark(), job.params()));
        ChainedOptionsBuilder opts = new OptionsBuilder()
                .forks(forks)
                .warmupIterations(settings.warmupIterations())
                .warmupTime(settings.warmupTime())
                .measurementIterations(settings.iterations())
                .measurementTime(settings.measurementTime())
                .jvm(jdk.java().toString())
                // Set explicitly: by default JMH hands the forks the host JVM's own arguments.
                .jvmArgs(jvmArgs.toArray(new String[0]))
                .shouldFailOnError(false)
                .include("^" + Pattern.quote(job.benchmark()) + "$")
                .mode(job.entry().getMode());
        job.params().forEach(opts::param);
        if (forkOptions.overrides().threads() != null) {
            opts.threads(forkOptions.overrides().threads());
        }
        opts.addProfiler(HostWatch.class); // forks end themselves when jab is killed: see HostWatch
        family.customize(opts, jdk, ctx);
        // JMH's jvmArgsAppend replaces rather than adds: keep the family's (less the flags the user
        // sets) and add the work dir.
        Options custom = opts.build();
        List<String> append = new ArrayList<>(UserFlagsWin.familyOptions(custom.getJvmArgsAppend().orElse(List.of()), userJvmArgs));
        append.add("-Djab.dir=" + ctx.workDir());
        ChainedOptionsBuilder last = new OptionsBuilder().parent(custom).jvmArgsAppend(append.toArray(new String[0]));
        if (profilers) {
            forkOptions.profilers().addTo(last, custom, jdk);
        }
        return last.build();
    }

    /**
     * The params JMH is told: the profile's values with the user's -p on top, for the params these
     * benchmarks declare. Any other param runs with the benchmark's own default.
     */
    public static Map<String, String[]> jmhParams(Family family, List<BenchmarkListEntry> benchmarks, Profile profile,
                                                  Map<String, String[]> userParams) {
        Map<String, String[]> merged = new LinkedHashMap<>(family.settings(profile).params());
        merged.putAll(userParams);
        Map<String, String[]> out = new LinkedHashMap<>();
        List<String> declared = new ArrayList<>(BenchmarkCatalog.paramNames(benchmarks));
        merged.forEach((k, v) -> {
            if (declared.contains(k)) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** The params the family runs with, as it sees them: the benchmarks' defaults under {@link #jmhParams}. */
    public static Map<String, String[]> familyParams(Family family, List<BenchmarkListEntry> benchmarks, Profile profile,
                                                     Map<String, String[]> userParams) {
        Map<String, String[]> out = new LinkedHashMap<>(BenchmarkCatalog.defaults(benchmarks));
        out.putAll(jmhParams(family, benchmarks, profile, userParams));
        return out;
    }
}
