package jab.harness.warnings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;

import jab.harness.results.BenchResult;
import jab.harness.results.RunRecord;
import jab.harness.stats.ForkInterval;

/**
 * Every warning of a run: each result's ({@link ResultChecks}) and the machine's (busy during the
 * run), from the results and env.json alone, so summary, report and the end of a run say the same.
 */
public final class RunWarnings {
    /** CPU time of other processes above this share of the machine makes the run a busy one. */
    static final double OTHER_CPU = 0.10;
    /** Time the hypervisor gave to other guests above this share. */
    static final double STEAL = 0.02;
    /**
     * The shortest part whose shares are judged: /proc/stat counts CPU time in ticks of 10 ms, so over
     * a part of a few milliseconds (a family with nothing to measure outside JMH) one tick of a
     * daemon reads as 100% of the machine.
     */
    static final double SHORTEST_PART_SECONDS = 1;
    /**
     * The shared cache changed speed when its second-slowest sample is this much slower than its fastest:
     * on a machine of its own the 50 ms samples agree within about 10%; the second-slowest, not the
     * slowest, so that one probe slowed by something else (a daemon waking) does not fire it.
     */
    static final double CACHE_SPREAD = 1.5;

    private RunWarnings() {
    }

    /**
     * @param byJdk   the JVM results per JDK id ("" when unknown), then the native baselines under ""
     * @param timings what a family timed outside JMH that is no native floor (timings.json): the run's
     *                precision target does not apply to them, since no fork is ever added to them (their
     *                rounds are the family's), so they get every check but that one
     * @param env     the run's env.json, or null for a bare JMH file
     * @param run     env.json's run block ({@link RunRecord#NONE} for a bare JMH file)
     */
    public static List<Warning> of(Map<String, List<BenchResult>> byJdk, List<BenchResult> timings, JsonNode env, RunRecord run) {
        return of(byJdk, timings, env, run, (jdk, r) -> false);
    }

    /**
     * As {@link #of(Map, List, JsonNode, RunRecord)}, with {@code solo} naming the results that are solo
     * forks of an interleaved question: they check the question's figures and get no forks of their own,
     * so the precision target does not apply to them.
     */
    public static List<Warning> of(Map<String, List<BenchResult>> byJdk, List<BenchResult> timings, JsonNode env, RunRecord run,
                                   java.util.function.BiPredicate<String, BenchResult> solo) {
        int cpus = env == null ? 0 : env.path("cpu").path("logicalThreads").asInt(0);
        ResultChecks.Context ctx = new ResultChecks.Context(cpus, run.request().precision());
        List<Warning> out = new ArrayList<>(machine(run));
        cache(run).ifPresent(out::add);
        budget(run).ifPresent(out::add);
        ResultChecks.Context untargeted = new ResultChecks.Context(cpus, 0);
        byJdk.forEach((jdk, rs) -> {
            for (BenchResult r : rs) {
                out.addAll(ResultChecks.of(r, subject(jdk, r), solo.test(jdk, r) ? untargeted : ctx));
            }
        });
        for (BenchResult r : timings) {
            out.addAll(ResultChecks.of(r, subject("", r), untargeted));
        }
        return out;
    }

    /** "JDK 17 FileExistsBenchmark.existingFile api=FILE_EXISTS" */
    public static String subject(String jdk, BenchResult r) {
        String who = r.benchmark().startsWith("native.") ? r.benchmark() : r.shortName();
        String params = r.params().entrySet().stream().map(p -> p.getKey() + "=" + p.getValue()).collect(Collectors.joining(" "));
        return (jdk.isEmpty() ? "" : "JDK " + jdk + " ") + who + (params.isEmpty() ? "" : " " + params);
    }

    /** The machine's share of CPU used by others and stolen, per part of the run that jab sampled. */
    static List<Warning> machine(RunRecord run) {
        List<Warning> out = new ArrayList<>();
        for (RunRecord.PartLoad part : run.machineLoad()) {
            double other = part.otherCpuShare();
            double steal = part.stealShare();
            boolean tooShort = part.seconds() > 0 && part.seconds() < SHORTEST_PART_SECONDS; // 0: a run that did not record it
            if (tooShort || other <= OTHER_CPU && steal <= STEAL) {
                continue;
            }
            out.add(new Warning(Warning.Kind.BUSY_MACHINE, part.part().isEmpty() ? "the run" : part.part(),
                    String.format(Locale.ROOT, "while it ran, other processes used %s of the machine's CPU time and the "
                            + "hypervisor took %s (steal); load average %.2f.", ForkInterval.percent(other),
                            ForkInterval.percent(steal), part.loadAverage()),
                    "measure again on a quiet machine; its figures are slower and noisier than the machine can do.", other + steal));
        }
        return out;
    }

    /** When the shared cache's speed moved during the run ({@link jab.harness.env.CacheProbe}'s samples). */
    static Optional<Warning> cache(RunRecord run) {
        double[] ns = run.cacheSamples();
        if (ns.length < 3) {
            return Optional.empty();
        }
        double[] sorted = ns.clone();
        Arrays.sort(sorted);
        double spread = sorted[sorted.length - 2] / sorted[0];
        if (!(spread >= CACHE_SPREAD)) {
            return Optional.empty();
        }
        return Optional.of(new Warning(Warning.Kind.SHARED_CACHE, "the machine",
                String.format(Locale.ROOT, "a pointer chase through %d KiB (more than a core's L2, less than a shared L3) "
                                + "took %.1f to %.1f ns per load in %d samples between the JMH runs (median %.1f; the "
                                + "second-slowest %.1fx the fastest): something outside jab, other tenants of the host on a cloud VM, shares the "
                                + "last-level cache and changed its speed during the run.", run.cacheProbe().bytes() / 1024,
                        sorted[0], sorted[sorted.length - 1], ns.length, sorted[sorted.length / 2], spread),
                "results whose data sits in that cache (kv's maps, other in-memory structures) move with it within and between "
                        + "forks: read their fork-level intervals, not JMH's error, and compare runs made on a host whose "
                        + "cache is not shared (bare metal or a dedicated instance) for differences below that spread.", spread));
    }

    /**
     * When the budget ran out before results short of the precision goal got the forks it asks for
     * (env.json run.refinement): the first forks of every result and the measurements after JMH are
     * never cut, so a budget smaller than they take leaves nothing for the goal.
     */
    static Optional<Warning> budget(RunRecord run) {
        RunRecord.Refinement r = run.refinement();
        Long budgetSeconds = run.request().budgetSeconds();
        if (r == null || r.resultsShortOfTime() == 0 || budgetSeconds == null) {
            return Optional.empty();
        }
        long budget = budgetSeconds;
        int shortOfTime = r.resultsShortOfTime();
        long startedAfter = r.startedAfterSeconds();
        long wanted = r.moreSecondsWanted();
        String goal = "the precision goal (±" + ForkInterval.percent(run.request().precision()) + ")";
        String spent = startedAfter >= budget
                ? "before any fork for " + goal + ": every result's first forks and the measurements outside JMH took "
                        + minutes(startedAfter) + ", so " + shortOfTime + " result(s) short of the goal got no more forks"
                : "while adding forks for " + goal + " (" + r.forksAdded() + " added in "
                        + minutes(budget - startedAfter) + "), so " + shortOfTime + " result(s) short of the goal stopped before "
                        + "the forks it asks for";
        return Optional.of(new Warning(Warning.Kind.BUDGET_SPENT, "the run",
                "its budget of " + minutes(budget) + " was spent " + spent + ". By the spread of their forks so far they need about "
                        + minutes(wanted) + " more.",
                "for the goal, run again with " + budgetOption(Math.max(budget, startedAfter) + wanted)
                        + ", or measure fewer results (a selector, -p); until then read each result's interval "
                        + "as printed: its 'precision target missed' warning says how wide it is."));
    }

    /** The option asking for at least this long, as --budget parses it: whole minutes, rounded up; seconds below one. */
    static String budgetOption(long seconds) {
        return seconds < 60 ? "--budget " + Math.max(1, seconds) + "s" : "--budget " + (seconds + 59) / 60 + "m";
    }

    /** 95 s as "1 min 35 s", 3600 s as "60 min". */
    public static String minutes(long seconds) {
        long m = seconds / 60;
        long s = seconds % 60;
        return m == 0 ? s + " s" : s == 0 ? m + " min" : m + " min " + s + " s";
    }
}
