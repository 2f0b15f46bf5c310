package jab.harness.mmap;

/**
 * Whether a claim that a time ratio lies in (low, high) holds, judged on the ratio's 95% interval:
 * it holds when the whole interval is inside, does not hold when the whole interval is outside, and
 * the samples cannot tell when the interval straddles an end or there is none.
 */
enum ClaimVerdict {
    HOLDS("holds"), DOES_NOT_HOLD("does not hold"), CANNOT_TELL("cannot tell");

    final String words;

    ClaimVerdict(String words) {
        this.words = words;
    }

    /** The verdict on a claimed range (low, high) from a ratio's interval [from, to]; NaN: no interval. */
    static ClaimVerdict of(double from, double to, double low, double high) {
        if (!(from <= to)) {
            return CANNOT_TELL;
        }
        if (from > low && to < high) {
            return HOLDS;
        }
        if (to < low || from > high) {
            return DOES_NOT_HOLD;
        }
        return CANNOT_TELL;
    }
}
