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

    static ClaimVerdict of(MedianRatio r, double low, double high) {
        if (!r.hasInterval()) {
            return CANNOT_TELL;
        }
        if (r.low() > low && r.high() < high) {
            return HOLDS;
        }
        if (r.high() < low || r.low() > high) {
            return DOES_NOT_HOLD;
        }
        return CANNOT_TELL;
    }
}
