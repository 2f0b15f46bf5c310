package jab.harness.warnings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.results.BenchResult;
import jab.harness.results.RunRecord;
import jab.harness.run.options.Precision;

class RunWarningsTest {
    /** A run with a 5% precision target on 2 CPUs, quiet. */
    private static ObjectNode env() {
        ObjectNode env = new ObjectMapper().createObjectNode();
        env.putObject("cpu").put("logicalThreads", 2);
        env.putObject("run").put("precision", 0.05);
        return env;
    }

    /** The warnings of a run that measured nothing: the machine's and the budget's only. */
    private static List<Warning> machineWarnings(ObjectNode env) {
        return RunWarnings.of(Map.of(), List.of(), env, RunRecord.of(env));
    }

    @Test
    void theRunsPrecisionTargetIsHeldToJmhResultsAndBaselinesNotToTimingsWithRoundsOfTheirOwn() {
        // forks 30% apart: they disagree, and the fork-level interval is far wider than 5%
        BenchResult wide = ResultChecksTest.result(6, 2, 10, (f, i, n) -> f == 0 ? 100 : 130);
        List<Warning> ws = RunWarnings.of(Map.of("17", List.of(wide), "", List.of(wide)), List.of(wide), env(), RunRecord.of(env()));
        assertThat(ws).filteredOn(w -> w.kind() == Warning.Kind.PRECISION_MISSED).hasSize(2);
        List<Warning> timingsOnly = RunWarnings.of(Map.of(), List.of(wide), env(), RunRecord.of(env()));
        assertThat(timingsOnly).extracting(Warning::kind).doesNotContain(Warning.Kind.PRECISION_MISSED);
        assertThat(timingsOnly).extracting(Warning::kind).contains(Warning.Kind.FORKS_DISAGREE); // the other checks still apply
    }

    private static ObjectNode withCacheSamples(double... ns) {
        ObjectNode env = env();
        ObjectNode probe = env.withObjectProperty("run").putObject("cacheProbe").put("bytes", 2 << 20);
        for (double n : ns) {
            probe.withArrayProperty("nanosPerLoad").add(n);
        }
        return env;
    }

    @Test
    void aSharedCacheThatChangedSpeedDuringTheRunIsWarnedAbout() {
        // as measured on this project's VM: 17 ns per load, then seconds at 50 to 174 ns
        List<Warning> ws = machineWarnings(withCacheSamples(17.4, 17.0, 47.7, 174.3, 111.4, 21.0));
        assertThat(ws).extracting(Warning::kind).containsExactly(Warning.Kind.SHARED_CACHE);
        assertThat(ws.get(0).finding()).contains("2048 KiB", "17.0 to 174.3 ns", "6 samples", "second-slowest 6.6x the fastest");
    }

    @Test
    void aSteadyCacheOneSlowSampleOrTooFewSamplesRaiseNothing() {
        assertThat(machineWarnings(withCacheSamples(17.4, 17.6, 16.9, 18.4, 17.0))).isEmpty();
        assertThat(machineWarnings(withCacheSamples(17.4, 17.6, 16.9, 80.0, 17.0))).isEmpty();
        assertThat(machineWarnings(withCacheSamples(17.0, 80.0))).isEmpty();
        assertThat(machineWarnings(env())).isEmpty();
    }

    private static ObjectNode withPart(String part, double otherCpuShare, double seconds) {
        ObjectNode env = env();
        env.withObjectProperty("run").withArrayProperty("machineLoad").addObject().put("part", part)
                .put("otherCpuShare", otherCpuShare).put("stealShare", 0).put("loadAverage", 1.6).put("seconds", seconds);
        return env;
    }

    @Test
    void aBusyPartIsWarnedAboutUnlessItLastedLessThanTheTicksCpuTimeIsCountedIn() {
        assertThat(machineWarnings(withPart("fs outside JMH", 0.4, 84))).extracting(Warning::kind)
                .containsExactly(Warning.Kind.BUSY_MACHINE);
        // a part of a few milliseconds (a user jar's "before JMH"): one 10 ms tick of another process reads as 100%
        assertThat(machineWarnings(withPart("jgit outside JMH", 1.0, 0.004))).isEmpty();
        assertThat(machineWarnings(withPart("the run", 0.4, 0))).hasSize(1); // a run that did not record the part's time
    }

    private static ObjectNode withRefinement(long budget, long startedAfter, int shortOfTime, long wanted) {
        ObjectNode env = env();
        env.withObjectProperty("run").put("budgetSeconds", budget).putObject("refinement")
                .put("startedAfterSeconds", startedAfter).put("forksAdded", 0)
                .put("resultsShortOfTime", shortOfTime).put("moreSecondsWanted", wanted);
        return env;
    }

    @Test
    void aBudgetSpentBeforeTheGoalsForksIsWarnedAboutWithTheTimeTheGoalNeeds() {
        // as session 13's ./jab run: 15 min budget, the first forks and the measurements after JMH took 23 min 40 s
        List<Warning> ws = machineWarnings(withRefinement(900, 1420, 61, 5700));
        assertThat(ws).extracting(Warning::kind).containsExactly(Warning.Kind.BUDGET_SPENT);
        assertThat(ws.get(0).finding()).contains("budget of 15 min was spent before any fork for the precision goal (±5.0%)",
                "outside JMH took 23 min 40 s", "61 result(s) short of the goal got no more forks", "about 95 min more");
        List<Warning> during = machineWarnings(withRefinement(900, 600, 4, 120));
        assertThat(during.get(0).finding()).contains("spent while adding forks", "(0 added in 5 min)", "4 result(s)", "about 2 min more");
        assertThat(ws.get(0).advice()).contains("run again with --budget 119m,");
    }

    @Test
    void theAdvisedBudgetIsAnOptionJabParsesAndCoversTheTimeWanted() {
        for (long seconds : new long[] {0, 45, 60, 61, 7120}) {
            String option = RunWarnings.budgetOption(seconds);
            assertThat(option).startsWith("--budget ");
            long parsed = Precision.parseBudget(option.substring("--budget ".length())).toSeconds();
            assertThat(parsed).isGreaterThanOrEqualTo(Math.max(1, seconds)).isLessThan(Math.max(1, seconds) + 60);
        }
    }

    @Test
    void noBudgetWarningWhenTimeWasNotWhatResultsLacked() {
        assertThat(machineWarnings(withRefinement(900, 300, 0, 0))).isEmpty();
        ObjectNode noBudget = withRefinement(900, 300, 3, 60);
        ((ObjectNode) noBudget.get("run")).remove("budgetSeconds");
        assertThat(machineWarnings(noBudget)).isEmpty();
    }
}
