package jab.harness.family;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import jab.harness.jdk.Jdk;

/**
 * What a family may know about the run in progress. Families never see the run directory: what
 * they measure comes back as a {@link Measurement}, and the harness writes it.
 *
 * @param profile    the profile chosen
 * @param userParams the user's -p (name to values), already parsed
 * @param params     the params this family runs with: its benchmarks' {@code @Param} defaults, the
 *                   profile's values on top, the user's -p on top of those
 * @param jdks       the JDKs of this run, in order
 * @param workDir    a per-run folder under --dir for benchmark files and anything forks write;
 *                   removed at the end and on Ctrl-C
 * @param log        where progress goes (the console)
 * @param verbose    --verbose: JMH's and tools' own output too
 * @param measured   the variants of the family this run measures: the profile's subset when the
 *                   family runs whole without -p for its params, else every one (see {@link JmhSettings})
 * @param wholeFamily whether the selection names every benchmark of the family (by its name, no
 *                   selector, or a regex matching them all); a run of some of its benchmarks leaves
 *                   out what measures the family at large (kv's servers end to end)
 * @param alone      whether the family is the only one the run selected: it then has the run's budget to
 *                   itself and may measure more than it does beside the others (kv compares its server's
 *                   transports), where a run of every family keeps to its share
 */
public record RunContext(Profile profile, Map<String, String[]> userParams, Map<String, String[]> params,
                         List<Jdk> jdks, Path workDir, PrintStream log, boolean verbose,
                         Predicate<JmhSettings.Variant> measured, boolean wholeFamily, boolean alone) {

    /** A context of a family run alone and whole. */
    public RunContext(Profile profile, Map<String, String[]> userParams, Map<String, String[]> params,
                      List<Jdk> jdks, Path workDir, PrintStream log, boolean verbose) {
        this(profile, userParams, params, jdks, workDir, log, verbose, v -> true, true, true);
    }

    /** Whether this run measures the variant (a benchmark method with these params). */
    public boolean measures(JmhSettings.Variant v) {
        return measured.test(v);
    }

    /** The same run, measuring only what {@code keep} accepts of this family, run whole. */
    public RunContext measuring(Predicate<JmhSettings.Variant> keep) {
        return new RunContext(profile, userParams, params, jdks, workDir, log, verbose, keep, true, alone);
    }

    /** The same run, measuring only what {@code keep} accepts of a family the selection names in part. */
    public RunContext measuringPart(Predicate<JmhSettings.Variant> keep) {
        return new RunContext(profile, userParams, params, jdks, workDir, log, verbose, keep, false, alone);
    }

    /** The values of a param this family runs with; empty when no benchmark of it declares the param. */
    public String[] param(String name) {
        return params.getOrDefault(name, new String[0]).clone();
    }

    /** The same run, seen by a family whose params are {@code familyParams}. */
    public RunContext withParams(Map<String, String[]> familyParams) {
        return new RunContext(profile, userParams, familyParams, jdks, workDir, log, verbose, measured, wholeFamily, alone);
    }

    /** The same run, seen by a family that is alone in it or not ({@link #alone()}). */
    public RunContext withAlone(boolean isAlone) {
        return new RunContext(profile, userParams, params, jdks, workDir, log, verbose, measured, wholeFamily, isAlone);
    }
}
