package jab.harness.results;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * env.json's {@code run} block: what the command line asked for, and what the run added as it went.
 * {@link RunStore} writes it, whole, each time the run adds to it; {@link RunResults} reads it back.
 * The fields of {@link Request} and {@link Builds} sit at the block's top level, as every version wrote
 * them: the records only group them here. Files of every version read: a field a run did not write reads
 * as 0, "" or empty (format 1 wrote command, profile, families, notes and status only), or as null where
 * a missing value means "not given"; fields this version does not know are ignored.
 *
 * @param request     what the command line asked for, known before anything ran
 * @param notes       notes for the reader of the results, whoever raised them, in the order raised
 * @param status      running, complete, failed or interrupted
 * @param machineLoad how busy the machine was in each part of the run jab sampled; left out of the file until the first
 * @param cacheProbe  the shared cache's speed, sampled between the JMH runs; null when never sampled
 * @param refinement  what the precision goal's added forks could do within the budget; null before they ran
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunRecord(@JsonUnwrapped Request request, List<String> notes, String status,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PartLoad> machineLoad, CacheSamples cacheProbe,
                        Refinement refinement) {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The record of a run without one: no env.json, or a JMH file that is no run at all. */
    public static final RunRecord NONE = read(JSON.createObjectNode());

    public RunRecord {
        notes = notes == null ? List.of() : notes;
        status = status == null ? "" : status;
        machineLoad = machineLoad == null ? List.of() : machineLoad;
    }

    /**
     * What {@code jab run}'s command line asked for, as it resolved it.
     *
     * @param precision      the goal for each result's fork-level interval (0.05 for ±5%); 0 for none
     * @param maxForks       the most forks a result may get for the goal
     * @param band           the questions' equivalence band: ratios within it count as the same
     * @param ratioPrecision the goal for each question's ratio
     * @param budgetSeconds  the time the run may take; null without a budget
     * @param families       the families selected, in the order they ran
     * @param params         the -p values, comma-joined per param
     * @param dir            where the benchmarks made their files
     * @param builds         the user's builds measured, when they are not jab's own benchmarks
     * @param profilers      JMH's profilers asked for (--prof)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Request(String command, String profile, double precision, int maxForks, double band, double ratioPrecision,
                          Long budgetSeconds, List<String> families, Map<String, String> params, String dir,
                          @JsonUnwrapped Builds builds, List<String> profilers) {
        public Request {
            command = command == null ? "" : command;
            profile = profile == null ? "" : profile;
            families = families == null ? List.of() : families;
            params = params == null ? Map.of() : params;
            dir = dir == null ? "" : dir;
            profilers = profilers == null ? List.of() : profilers;
            builds = builds == null ? new Builds(null, null, null, null, null) : builds;
        }
    }

    /**
     * The user's builds a run measured; each field null when not given.
     *
     * @param benchmarks       --benchmarks, the head when two builds are compared
     * @param baseline         --baseline, the base
     * @param baselineJvmArgs  --baseline-jvm-args, the base's JVM options when not the head's
     * @param baselineJdk      --baseline-jdk, the home of the JDK the base's forks ran on when not the head's
     * @param failOnRegression --fail-on-regression's limit (0.01 for 1%)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Builds(String benchmarks, String baseline, String baselineJvmArgs, String baselineJdk, Double failOnRegression) {
    }

    /**
     * How busy the machine was during one part of the run ({@link jab.harness.env.MachineLoad}).
     *
     * @param otherCpuShare the share of the machine's CPU time other processes used
     * @param stealShare    the share the hypervisor gave to other guests
     * @param seconds       how long the part took; 0 in runs written before it was recorded
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record PartLoad(String part, double otherCpuShare, double stealShare, double loadAverage, double seconds) {
        public PartLoad {
            part = part == null ? "" : part;
        }
    }

    /**
     * The shared cache probe's samples ({@link jab.harness.env.CacheProbe}).
     *
     * @param bytes        the probe's working set
     * @param nanosPerLoad nanoseconds per load, one sample each time it ran, in the order taken
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CacheSamples(int bytes, double[] nanosPerLoad) {
        public CacheSamples {
            nanosPerLoad = nanosPerLoad == null ? new double[0] : nanosPerLoad;
        }
    }

    /**
     * What the precision goal's added forks could do within the budget.
     *
     * @param startedAfterSeconds when they started, seconds into the run
     * @param forksAdded          how many forks were added
     * @param resultsShortOfTime  how many results still short of the goal got no more for lack of time
     * @param moreSecondsWanted   the seconds those would need by their forks' spread so far
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Refinement(long startedAfterSeconds, int forksAdded, int resultsShortOfTime, long moreSecondsWanted) {
    }

    /** The run block of an env.json; {@link #NONE} when there is no env.json ({@code env} null) or it has none. */
    public static RunRecord of(JsonNode env) {
        JsonNode run = env == null ? null : env.get("run");
        return run != null && run.isObject() ? read(run) : NONE;
    }

    private static RunRecord read(JsonNode run) {
        try {
            return JSON.treeToValue(run, RunRecord.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("env.json's run block is unreadable: " + e.getMessage(), e);
        }
    }

    /** The cache probe's samples in the order taken; none when the run took none. */
    public double[] cacheSamples() {
        return cacheProbe == null ? new double[0] : cacheProbe.nanosPerLoad();
    }
}
