package jab.harness.family;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import jab.harness.UsageException;

/**
 * How long to measure. smoke proves it runs (one fork, no goal). default answers the families'
 * questions within a budget of {@link #RUN_SECONDS} once and {@code budgetPerPart} per family and JDK,
 * counted from the run's start, everything included: every result and every question starts with its family's first forks, the
 * measurements outside JMH follow, and forks go to the comparisons still undecided with what is left,
 * until they are decided, narrowed to the ratio goal, or the budget ends. What a family cannot fit is
 * thorough's, and the run says so. thorough adds forks to every result for 2% and to every ratio for
 * 1%, with no budget.
 *
 * @param precision      the default precision goal of a result (relative half-width); 0 for none
 * @param ratioPrecision the default goal of a question's interleaved ratios; 0 for none
 * @param maxForks       the most forks one result or question gets
 * @param budgetPerPart  the default budget for each family on each JDK; null for none
 * @param warmupRounds   the fewest warm-up rounds of an interleaved fork (more when the family warms up longer)
 * @param rounds         the measured rounds of a question's first forks (forks added later may run more)
 * @param soloRounds     rounds of solo forks per question (one plain JMH fork of every variant a round): two at least
 *                       for the solo check, which draws its error from how rounds differ; smoke's one only proves they run
 */
public enum Profile {
    SMOKE(0, 0, 1, null, 4, 10, 1),
    // 30 rounds: by Kalibera and Jones's rule, on the 2-vCPU VM jab is developed on (a fork's start and
    // warm-up cost as much as ~30 rounds of 2 variants; a round's log-ratio varies ~12%, fork means ~2.5%)
    // about 25-30 rounds per fork reach a given width soonest; the refinement adapts added forks.
    // a minute for the run itself and 164 s per family: five families on one JDK get 880 s, so the run
    // ends within 15 minutes with 20 s to spare for its report and a last fork that runs over its
    // estimate (measured: a run with 860 s ended 1.5 s after it); one family gets 224 s.
    // Two solo rounds: a round of the five families' solo forks took 100-135 s (2026-11-29, JDK 17 and
    // 25), all of it taken from the forks added to undecided comparisons (157-164 s left those runs);
    // a third round would overrun the budget (docs/statistics.md, "Solo rounds"); a question's rounds
    // yield to the budget where it has no time left for a check (a slow hour, a build's first run, which traces).
    DEFAULT(0, 0.02, 10, Duration.ofSeconds(Profile.DEFAULT_SECONDS_PER_PART), 10, 30, 2),
    THOROUGH(0.02, 0.01, 20, null, 20, 60, 4);

    /** The default profile's budget per family and JDK, in seconds (a constant, so option help can name it). */
    public static final int DEFAULT_SECONDS_PER_PART = 164;
    /**
     * What a budgeted run spends once whatever it measures (the machine's fingerprint, the JDKs'
     * checks, the report): measured 40-50 s before the first family's work on the 2-vCPU VM.
     */
    public static final int RUN_SECONDS = 60;

    public final double precision;
    /** The goal of a question's ratios: interleaved variants share the machine's moment, so a ratio gets narrower than a result. */
    public final double ratioPrecision;
    public final int maxForks;
    private final Duration budgetPerPart;
    public final int warmupRounds;
    public final int rounds;
    public final int soloRounds;

    Profile(double precision, double ratioPrecision, int maxForks, Duration budgetPerPart, int warmupRounds, int rounds, int soloRounds) {
        this.precision = precision;
        this.ratioPrecision = ratioPrecision;
        this.maxForks = maxForks;
        this.budgetPerPart = budgetPerPart;
        this.warmupRounds = warmupRounds;
        this.rounds = rounds;
        this.soloRounds = soloRounds;
    }

    /** The whole run's default budget for this many families on this many JDKs; null: no cap. */
    public Duration budget(int families, int jdks) {
        return budgetPerPart == null ? null : budgetPerPart.multipliedBy((long) families * jdks).plusSeconds(RUN_SECONDS);
    }

    public static Profile parse(String s) {
        for (Profile p : values()) {
            if (p.name().equalsIgnoreCase(s.trim())) {
                return p;
            }
        }
        throw new UsageException("unknown profile '" + s + "'; profiles: " + Arrays.stream(values())
                .map(Profile::toString).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
