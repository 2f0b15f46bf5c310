package jab.harness.results;

import jab.harness.stats.RatioVerdict;

/**
 * What a {@link Comparison} of B against A concludes: a significance test and a minimum change, where
 * {@link RatioVerdict} reads an interleaved ratio against an equivalence band. The words are what users
 * grep for.
 */
public enum SignificanceVerdict {
    FASTER("faster"),
    SLOWER("slower"),
    NO_CHANGE("no significant change"),
    /** Fewer than two raw samples on a side: no test is possible, so no claim is made. */
    NOT_TESTED("not tested");

    public final String words;

    SignificanceVerdict(String words) {
        this.words = words;
    }
}
