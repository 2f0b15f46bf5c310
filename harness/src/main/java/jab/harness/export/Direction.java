package jab.harness.export;

import java.util.Optional;

import jab.harness.results.BenchResult;
import jab.harness.results.Units;

/**
 * Which way a result improves, from its unit alone: operations per time (thrpt: ops/s, ops/ms, ...)
 * is bigger-is-better, time per operation (avgt, sample and single-shot times: s/op ... ns/op) is
 * smaller-is-better. CI trackers need it said: github-action-benchmark reads every JMH score as
 * smaller-is-better, which turns a throughput gain into a regression alert.
 */
public enum Direction {
    BIGGER_IS_BETTER("bigger is better", "customBiggerIsBetter"),
    SMALLER_IS_BETTER("smaller is better", "customSmallerIsBetter");

    /** How the exports and the console say it. */
    public final String words;
    /** The github-action-benchmark tool that reads a file of results of this direction. */
    public final String actionTool;

    Direction(String words, String actionTool) {
        this.words = words;
        this.actionTool = actionTool;
    }

    /** The direction of a result's unit; empty for a unit that is neither ops per time nor time per op. */
    public static Optional<Direction> of(BenchResult r) {
        if (r.higherIsBetter()) {
            return Optional.of(BIGGER_IS_BETTER);
        }
        return Units.isTimePerOp(r.unit()) ? Optional.of(SMALLER_IS_BETTER) : Optional.empty();
    }

    /** "bigger-is-better", for file names. */
    public String slug() {
        return words.replace(' ', '-');
    }
}
