package jab.harness.family;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.harness.jdk.Jdk;
import jab.harness.page.Page;
import jab.harness.results.RunResults;

/**
 * A benchmark family: its JMH benchmarks (a package), its profiles, input checks, the measurements it
 * makes outside JMH, its section of summary.md and of the reports, the labels its params read as, and
 * the commands and {@code jab run} options it adds. Families are found with {@link java.util.ServiceLoader}
 * (META-INF/services/jab.harness.family.Family), so adding one changes no generic code.
 */
public interface Family {
    /**
     * The JVM option that touches a fork's whole heap at start, for families whose benchmarks allocate.
     *
     * <p>The pitfall: a fork's heap is pinned (-Xms = -Xmx, 2 GiB by default), but the JVM reserves it and
     * the kernel maps a page only when it is first written. G1 starts with a young generation of about
     * 100 MiB, collects it a few times, and a few seconds in grows it to more than a GiB; from then on
     * every allocation runs through pages no one has touched, one page fault per 4 KiB, until the young
     * generation has been collected once more, tens of seconds later, often after a short fork has ended.
     * The benchmarks that allocate pay it, the others do not, so it moves their ratios, and it reads as
     * drift over a fork's rounds (the families that use this option give their measurements). Touched at
     * start, a fork costs about 0.7 s more (2 GiB on the project's VM) and allocates into pages already
     * mapped, as a long-running program does.
     */
    String TOUCH_HEAP_AT_START = "-XX:+AlwaysPreTouch";

    /** The selector users type: fs, process, mmap, kv. */
    String name();

    /** One line for {@code jab list}. */
    String description();

    /** The JMH benchmarks of the family are the classes in this package (and below). */
    default String benchmarkPackage() {
        return "jab.bench." + name() + ".";
    }

    /**
     * Where the family's benchmarks are when they are not jab's own (META-INF/BenchmarkList on jab's
     * class path, forks on jab's class path): a user's jar ({@code --benchmarks}).
     */
    default Optional<BenchmarkSource> benchmarkSource() {
        return Optional.empty();
    }

    /**
     * The questions the family's runs answer ({@link Question}): which variants of its benchmarks are
     * compared, with what held fixed. None: each result stands alone, and no finding compares two.
     *
     * @param benchmarks the benchmarks this run measures (a user's jar derives its questions from them)
     */
    default List<Question> questions(List<BenchmarkListEntry> benchmarks) {
        return List.of();
    }

    /** JMH settings and the params a profile runs instead of the benchmarks' defaults. */
    JmhSettings settings(Profile profile);

    /**
     * What every result of the family is compared against: the same benchmarks in another build, or
     * under other JVM options ({@code jab run --benchmarks HEAD --baseline BASE}). A family with a
     * baseline answers one question per result, base against head, and nothing else.
     */
    default Optional<Baseline> baseline() {
        return Optional.empty();
    }

    /**
     * The JVM options of the family's forks, given the run's {@code --jvm-args}: those, unless the
     * family is a baseline measured under options of its own ({@code --baseline-jvm-args}).
     */
    default List<String> jvmArgs(List<String> runArgs) {
        return runArgs;
    }

    /**
     * The JDK of the family's forks, given the one the run measures on: that one, unless the family is
     * a baseline measured on a JDK of its own ({@code --baseline-jdk}).
     */
    default Jdk forkJdk(Jdk runJdk) {
        return runJdk;
    }

    /**
     * Checks the params the family would run with ({@link RunContext#params()}) before anything runs:
     * throw {@link jab.harness.UsageException} for values the family cannot run.
     */
    default void validate(RunContext ctx) {
    }

    /** Free space the family needs in --dir with these params (-1: more than can be counted). */
    default long bytesNeeded(RunContext ctx) {
        return 0;
    }

    /** Whether a benchmark of the family can run on a JDK (e.g. Foreign Function API ones need 22+). */
    default boolean runsOn(String benchmark, Jdk jdk) {
        return true;
    }

    /**
     * The heap of a benchmark's forks, pinned (-Xms = -Xmx) unless the user sets one: large enough
     * for what the benchmark holds, the same in every fork.
     */
    default String forkHeap(String benchmark, Map<String, String> params) {
        return "2g";
    }

    /** Extra JMH options for this family's run on one JDK (JVM args of the forks, for example). */
    default void customize(ChainedOptionsBuilder options, Jdk jdk, RunContext ctx) {
    }

    /** Measurements made before the JMH part: native baselines, probes of what the JDKs do. */
    default Measurement measureBeforeJmh(RunContext ctx) throws Exception {
        return Measurement.none();
    }

    /**
     * Measurements made after the JMH part's first pass (every result with its first forks), before
     * forks are added for the precision goal, so the run's budget caps them too: the second half of a
     * family's story (servers end to end after the store's microbenchmarks), and what the first
     * pass's forks left in the work dir that these measurements need (what every fork left, the solo
     * rounds' included, is {@link #documentsAfterForks}'s).
     */
    default Measurement measureAfterJmh(RunContext ctx) throws Exception {
        return Measurement.none();
    }

    /**
     * Documents made of what the run's forks left in the work dir, read once the last fork has run
     * (the solo rounds and added forks run after {@link #measureAfterJmh}): name to document, written to
     * the run directory. Measures nothing; none by default.
     */
    default Map<String, Object> documentsAfterForks(RunContext ctx) throws Exception {
        return Map.of();
    }

    /**
     * The family's section of summary.md, report.md and report.html, built from the run directory
     * alone (results, side documents, notes), so it can be rebuilt at any time.
     *
     * @param level the heading level of the section's title
     */
    default void section(RunResults run, Page page, int level) {
    }

    /**
     * The family's answers to questions it measures outside JMH (from its side documents), one sentence
     * each, which {@code jab run} prints at its end under the family's name, beside its JMH answers;
     * built from the run directory alone, as the section is. None by default.
     */
    default List<String> answers(RunResults run) {
        return List.of();
    }

    /**
     * For {@code jab calibrate}, effects of known size: the benchmark (class.method) that makes
     * {@code benchmark}'s operation {@code repeat} times per invocation ({@code int} param
     * {@value #PLANTED_REPEAT}), with the same code and system calls and the same other params, so two
     * of its variants differ by exactly their repeats' ratio; empty when the family has none for it.
     * Such a benchmark is a calibration's instrument: no selection of {@code jab run} or {@code jab list}
     * holds it.
     */
    default Optional<String> planted(String benchmark) {
        return Optional.empty();
    }

    /** The param of a {@link #planted} benchmark that says how many times an invocation makes the operation. */
    String PLANTED_REPEAT = "repeat";

    /** How a param value of this family's benchmarks reads in reports (api=FILE_EXISTS: File.exists()). */
    default Optional<String> label(String param, String value) {
        return Optional.empty();
    }

    /** Commands the family adds to the CLI. */
    default List<Subcommand> subcommands() {
        return List.of();
    }

    /**
     * Options the family adds to {@code jab run}: an object with picocli {@code @Option} fields that
     * picocli fills before the run starts; the family keeps it and reads it. Null: none.
     */
    default Object runOptions() {
        return null;
    }

    /**
     * Checks the family's own run options before anything runs, whether or not the family is
     * selected: a bad option is bad input either way.
     */
    default void checkRunOptions() {
    }
}
