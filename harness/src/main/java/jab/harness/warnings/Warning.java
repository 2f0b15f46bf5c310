package jab.harness.warnings;

/**
 * Something about a figure that a reader must know before trusting it, with what to do about it.
 * Only made when its rule fires: clean data raises none.
 *
 * @param subject the result it concerns ("JDK 17 FileExistsBenchmark.existingFile api=FILE_EXISTS"), or the run
 * @param finding what the data shows, with the figures
 * @param advice  what to do
 * @param severity how far the data is from clean, in the kind's own measure (fork means' max/min, the
 *                 drift, the outliers' shift of the mean...): the end of a run names the worst of each kind
 * @param checked  how many subjects the kind's rule checked, for the end of a run's "3 of 102 comparisons";
 *                 0 when not counted
 */
public record Warning(Kind kind, String subject, String finding, String advice, double severity, int checked) {

    /** A warning of a kind whose subjects are not counted. */
    public Warning(Kind kind, String subject, String finding, String advice, double severity) {
        this(kind, subject, finding, advice, severity, 0);
    }

    /** A warning without a measure of how bad it is: the first of its kind stands for it. */
    public Warning(Kind kind, String subject, String finding, String advice) {
        this(kind, subject, finding, advice, 0);
    }

    /** The kinds; {@link #title} is the words a reader (and grep) finds. */
    public enum Kind {
        FORKS_DISAGREE("forks disagree"),
        WARMUP_NOT_REACHED("warm-up not reached"),
        DRIFT("iterations drift"),
        OUTLIERS("outliers"),
        FEW_OPERATIONS("few operations per iteration"),
        OVERSUBSCRIBED("more threads than CPUs"),
        BUSY_MACHINE("busy machine"),
        SHARED_CACHE("shared cache"),
        PRECISION_MISSED("precision target missed"),
        BUDGET_SPENT("budget spent"),
        INTERLEAVED_DIFFERS("interleaved and solo differ"),
        CARRY_OVER("carry-over between slices", "questions"),
        ROUNDS_DRIFT("drift over a fork's rounds", "comparisons"),
        FORKS_BIMODAL("bimodal forks", "comparisons"),
        OUTLIER_ROUNDS("outlier rounds", "comparisons");

        public final String title;
        /** What its subjects are, when the end of a run counts them against those checked; else null. */
        public final String noun;

        Kind(String title) {
            this(title, null);
        }

        Kind(String title, String noun) {
            this.title = title;
            this.noun = noun;
        }
    }

    /** One line: "forks disagree: JDK 17 X.y api=A: fork means 100.2 to 141.0 ... What to do: ...". */
    public String line() {
        return kind.title + ": " + subject + ": " + finding + " What to do: " + advice;
    }
}
