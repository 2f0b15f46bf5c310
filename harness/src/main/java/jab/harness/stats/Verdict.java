package jab.harness.stats;

/** What a comparison of B against A concludes; the words are what users grep for. */
public enum Verdict {
    FASTER("faster"),
    SLOWER("slower"),
    NO_CHANGE("no significant change"),
    /** Fewer than two raw samples on a side: no test is possible, so no claim is made. */
    NOT_TESTED("not tested");

    public final String words;

    Verdict(String words) {
        this.words = words;
    }
}
