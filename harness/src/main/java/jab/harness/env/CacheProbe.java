package jab.harness.env;

import java.util.SplittableRandom;

/**
 * How fast the machine's shared cache answers right now: nanoseconds per load of a random pointer
 * chase through {@link #BYTES}, more than any core's private L2 and less than the last-level cache of
 * any current server CPU. On a machine of its own the figure stays within a few percent all day. On a
 * cloud VM the last-level cache is shared with other tenants of the host, and when they stream through
 * it the same chase goes to memory: measured on this project's 2-vCPU KVM guest, 17 ns per load for
 * seconds, then 50 to 174 ns for seconds, then back, with no steal time and nothing else running.
 * Results whose data lives in the cache (kv's maps) move with it, within a fork and between forks;
 * /proc cannot see it, so jab samples it between its measurements and says so when it moved.
 *
 * <p>Each load depends on the one before, so neither the CPU nor the JIT can overlap or skip them; the
 * ring is one cycle through every slot (Sattolo's shuffle), so the chase touches the whole working set.
 */
public final class CacheProbe {
    /** 2 MiB: four times a 512 KiB L2, a fraction of a 16-32 MiB L3. */
    public static final int BYTES = 2 << 20;
    private static final long SAMPLE_NANOS = 50_000_000L;
    private static final long WARMUP_NANOS = 300_000_000L;
    private static final int STEPS_PER_CHECK = 10_000;

    private final int[] next;
    private int position;

    public CacheProbe() {
        this(BYTES / Integer.BYTES, 2024);
    }

    CacheProbe(int slots, long seed) {
        next = new int[slots];
        for (int i = 0; i < slots; i++) {
            next[i] = i;
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = slots - 1; i > 0; i--) { // Sattolo: a single cycle, not a permutation of short ones
            int j = rnd.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
    }

    /** Runs the chase long enough for the JIT to compile it, so the first sample is not the interpreter's. */
    public CacheProbe warmedUp() {
        chase(WARMUP_NANOS);
        return this;
    }

    /** One sample: nanoseconds per dependent load over about 50 ms. */
    public double sample() {
        return chase(SAMPLE_NANOS);
    }

    private double chase(long nanos) {
        int p = position;
        long steps = 0;
        long start = System.nanoTime();
        long elapsed;
        do {
            for (int k = 0; k < STEPS_PER_CHECK; k++) {
                p = next[p];
            }
            steps += STEPS_PER_CHECK;
            elapsed = System.nanoTime() - start;
        } while (elapsed < nanos);
        position = p; // kept, so the loads are not dead code
        return elapsed / (double) steps;
    }

    /** The length of the cycle from slot 0: the whole ring when it is one cycle. */
    int cycleLength() {
        int n = 1;
        for (int p = next[0]; p != 0; p = next[p]) {
            n++;
        }
        return n;
    }
}
