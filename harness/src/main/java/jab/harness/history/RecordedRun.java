package jab.harness.history;

import java.util.List;

/**
 * What the history keeps of one run: who, where and what it measured, then per question and JDK its
 * ratios and each variant's interleaved score. Not the slices: they stay in the run directory, so a
 * run costs the history tens of kilobytes, not the megabyte of its comparisons.json.
 *
 * @param key    the run's identity: host and env.json's timestamp (a run recorded twice is recorded once)
 * @param commit the commit of the measured code: jab's own, or the user's benchmarks'
 * @param code   "jab", or the user's benchmarks (the file name of --benchmarks)
 * @param time   env.json's timestamp (ISO-8601, UTC): the order of a series
 * @param band   the equivalence band its verdicts used (0.03: within ±3% is the same)
 * @param source the run directory it was read from
 */
public record RecordedRun(String key, String commit, String code, String time, Machine machine, String host, String profile,
                          String command, String jabVersion, double band, String source, List<Jdk> jdks, List<Ratio> ratios, List<Score> scores) {

    public RecordedRun {
        jdks = List.copyOf(jdks);
        ratios = List.copyOf(ratios);
        scores = List.copyOf(scores);
    }

    /** A JDK the run measured on: its id (17), build (17.0.15+6-Debian-1deb12u1) and vendor. */
    public record Jdk(String id, String build, String vendor) {
    }

    /** Which question, with which params held fixed (as JSON), on which JDK. */
    public record Asked(String question, String fixed, String jdk) {
    }

    /**
     * score(a) / score(b) with its 95% interval over forks.
     *
     * @param answer whether b is the question's reference (a ratio the question asks for, not a pair beside it)
     */
    public record Ratio(Asked asked, String a, String b, String family, boolean answer, boolean higherIsBetter, double ratio,
                        double low, double high, int forks, String intervalOver, String verdict) {
    }

    /** A variant's interleaved score: the mean over forks of its slices' mean. */
    public record Score(Asked asked, String variant, String name, String unit, double score, int forks) {
    }
}
