package jab.kv.load;

import org.HdrHistogram.Histogram;

/**
 * The latencies and counts of the connections of one event loop: written by that loop's thread only,
 * so without synchronisation, and read once the loops have stopped.
 */
final class LoopFigures {
    static final long MAX_LATENCY_NANOS = 60_000_000_000L;
    final Histogram latencyNanos = new Histogram(MAX_LATENCY_NANOS, 3);
    long requests;
    long errors;

    void record(long latencyNanos, boolean ok) {
        this.latencyNanos.recordValue(Math.min(MAX_LATENCY_NANOS, Math.max(0, latencyNanos)));
        requests++;
        if (!ok) {
            errors++;
        }
    }
}
