package jab.harness.family;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * The base side of a comparison of two builds (or of one build under two sets of JVM options): the
 * family its forks run as (its class path and JVM options), and which of its benchmarks answers for
 * a benchmark of the head's. The two variants of each such question are labelled {@link #BASE} and
 * {@link #HEAD}; base is the reference, so a ratio reads head / base.
 */
public interface Baseline {
    String BASE = "base";
    String HEAD = "head";

    /** The family the base's forks run as. */
    Family family();

    /**
     * The base's benchmark for one combination of a head benchmark and its params: present when the
     * base has the same benchmark in the same mode and that combination of params; empty otherwise
     * (the combination is in the head only, and is listed rather than measured).
     */
    Optional<BenchmarkListEntry> counterpart(BenchmarkListEntry head, Map<String, String> params);

    /** The benchmarks the selectors pick (none: all) that one side has and the other has not, a line each: listed, not measured. */
    List<String> inOneBuildOnly(List<String> selectors);
}
