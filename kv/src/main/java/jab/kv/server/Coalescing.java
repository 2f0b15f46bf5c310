package jab.kv.server;

/**
 * When to pause an event loop before it looks for ready connections again, so that the requests
 * arriving meanwhile are answered together: one wake-up, one readiness wait and one burst of replies
 * for many requests instead of one for every one or two (at pipeline 1 the loop is otherwise woken by
 * nearly every request). Paid for in latency, up to {@link #PAUSE_NANOS} (plus the kernel's timer
 * slack, 50 us by default) per request, so only when many connections are busy at once: it starts
 * after a pass that answered {@link #START} connections or more (the loop had fallen behind its
 * clients: a stall, a CPU quota that ran out, a burst) and lasts while each pause gathers
 * {@link #KEEP} or more; a pass with fewer ends it, and the loop waits for readiness as usual.
 *
 * <p>Measured with redis-benchmark -c 50 -P 1 against the server pinned to one CPU, 8 alternating
 * rounds: under a quota of half a CPU, 105-106k -> 125-131k requests per CPU-second for GET and SET
 * (Redis 102-103k; at 0.4 of a CPU, jab run kv's quota since, 1.16-1.25x Redis's), readiness waits 0.7
 * -> 0.06 and context switches 0.5 -> 0.1 per request, p50 +0.1 ms, p99 8 -> 6 ms; with -P 16 1.4M ->
 * 1.6-1.7M. Without a quota: 32 clients 81k -> 83k requests/s, p99 0.43 -> 0.60 ms; 50 clients 85k -> 97k,
 * p50 0.30 -> 0.40 ms, p99 0.49 -> 0.90 ms. Starting at 16 connections instead cost 19% of the requests/s of 16 clients
 * without a quota, hence 32, which 16 clients never reach.
 */
final class Coalescing {
    /** Connections answered in one pass that start the pauses. */
    static final int START = 32;
    /** Connections a pause must gather for the next pause. */
    static final int KEEP = 4;
    static final long PAUSE_NANOS = 50_000;

    private boolean pausing;

    /** Whether to pause before the next wait, given how many connections the pass just ended answered. */
    boolean pauseAfter(int answered) {
        pausing = answered >= (pausing ? KEEP : START);
        return pausing;
    }
}
