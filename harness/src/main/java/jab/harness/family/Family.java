package jab.harness.family;

import java.util.List;
import java.util.Map;

import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.harness.jdk.Jdk;
import jab.harness.results.NativeResult;
import jab.harness.results.RunResults;
import jab.harness.run.Profile;
import jab.harness.run.ProfileName;
import jab.harness.run.RunContext;

/**
 * A benchmark family: its JMH benchmarks (a package under {@code jab.bench}), its profiles, its
 * input checks, its native baseline and its part of summary.md. The harness does the rest.
 */
public interface Family {

    /** The selector users type: fs, process, mmap, kv. */
    String name();

    /** One line for {@code jab list}. */
    String description();

    /** The JMH benchmarks of the family are the classes in this package (and below). */
    default String benchmarkPackage() {
        return "jab.bench." + name() + ".";
    }

    /** JMH settings and default params for a profile. */
    Profile profile(ProfileName profile);

    /**
     * Checks the effective params (profile defaults with the user's -p on top) before anything runs:
     * throw {@link jab.harness.UsageException} for values the family cannot run.
     */
    default void validate(Map<String, String[]> params, RunContext ctx) {
    }

    /** Free space the family needs in --dir with these params; checked before anything runs. */
    default long bytesNeeded(Map<String, String[]> params) {
        return 0;
    }

    /** Whether a benchmark of the family can run on a JDK (e.g. Foreign Function API ones need 22+). */
    default boolean runsOn(String benchmark, Jdk jdk) {
        return true;
    }

    /** Extra JMH options for this family's run on one JDK (JVM args of the forks, for example). */
    default void customize(ChainedOptionsBuilder options, Jdk jdk, RunContext ctx) {
    }

    /**
     * Whether {@link #measureNative} runs after the JMH benchmarks instead of before them: for
     * measurements that are the second part of a family's story (kv's end-to-end servers after the
     * store's microbenchmarks), so the JMH results are on disk before the longer part starts.
     */
    default boolean measuresNativeAfterJmh() {
        return false;
    }

    /** Native baselines (and other non-JMH measurements) of this run, in JMH's JSON shape. */
    default List<NativeResult> measureNative(RunContext ctx) throws Exception {
        return List.of();
    }

    /** The family's own sections of summary.md (tables of ratios, semantics), in Markdown. */
    default String summary(RunResults results, RunContext ctx) {
        return "";
    }
}
