package jab.harness.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import jab.bench.support.HostWatch;
import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.harness.jdk.Jdk;

/**
 * One JMH run: a family's selected benchmarks on one JDK, forks started with that JDK's java (JMH's
 * {@code jvm} option), results written by JMH itself to a JSON file in the work dir.
 */
public final class JmhFamilyRun {
    private JmhFamilyRun() {
    }

    /** The outcome: how many results JMH wrote against how many param combinations were asked. */
    public record Outcome(int results, int expected, int failures) {
        public boolean complete() {
            return results >= expected && failures == 0;
        }
    }

    public static Outcome run(Family family, List<BenchmarkListEntry> benchmarks, Jdk jdk, List<String> jvmArgs,
                              RunContext ctx, Progress progress, Path jsonOut, PrintStream log) throws RunnerException {
        JmhSettings settings = family.settings(ctx.profile());
        Map<String, String[]> params = jmhParams(family, benchmarks, ctx.profile(), ctx.userParams());
        ChainedOptionsBuilder opts = new OptionsBuilder()
                .forks(settings.forks())
                .warmupIterations(settings.warmupIterations())
                .warmupTime(settings.warmupTime())
                .measurementIterations(settings.iterations())
                .measurementTime(settings.measurementTime())
                .jvm(jdk.java().toString())
                // Set explicitly: by default JMH hands the forks the host JVM's own arguments.
                .jvmArgs(jvmArgs.toArray(new String[0]))
                .shouldFailOnError(false)
                .resultFormat(ResultFormatType.JSON)
                .result(jsonOut.toString());
        for (BenchmarkListEntry b : benchmarks) {
            opts.include("^" + Pattern.quote(b.getUsername()) + "$");
        }
        params.forEach(opts::param);
        opts.addProfiler(HostWatch.class); // forks end themselves when jab is killed: see HostWatch
        family.customize(opts, jdk, ctx);
        // JMH's jvmArgsAppend replaces rather than adds: keep the family's and add the work dir.
        Options custom = opts.build();
        List<String> append = new ArrayList<>(custom.getJvmArgsAppend().orElse(List.of()));
        append.add("-Djab.dir=" + ctx.workDir());
        Options options = new OptionsBuilder().parent(custom).jvmArgsAppend(append.toArray(new String[0])).build();

        OutputFormat logFormat = OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL);
        OutputFormat console = ctx.verbose() ? OutputFormatFactory.createFormatInstance(ctx.log(), VerboseMode.NORMAL) : null;
        ProgressFormat format = new ProgressFormat(logFormat, console, progress, "JDK " + jdk.id());
        var results = new Runner(options, format).run();
        int count = 0;
        for (RunResult r : results) {
            count += r.getBenchmarkResults().isEmpty() ? 0 : 1;
        }
        return new Outcome(count, BenchmarkCatalog.combinations(benchmarks, params), format.errors());
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
