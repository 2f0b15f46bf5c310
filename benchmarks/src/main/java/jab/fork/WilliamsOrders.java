package jab.fork;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Random;

/**
 * The orders a fork runs its variants in, round after round, balanced for first-order carry-over: a
 * variant that leaves something behind (GC debt, a cold cache, a file system's dirty pages) bills the
 * slice after it, so every variant must follow every other equally often, or the bill lands on some
 * ratios and not others. Random orders (a shuffle per round) only balance that on average: in one
 * run's fs forks of 125 rounds of 8 variants, a variant followed another from 7 to 27 times (15.6 on
 * average).
 *
 * <p>A Williams design (Williams 1949, "Experimental designs balanced for the estimation of residual
 * effects of treatments"): a Latin square of the n variants (each in each position once) whose first
 * row is 0, 1, n-1, 2, n-2, 3, ... and whose row r adds r to every symbol, mod n. For even n each
 * variant directly follows each other exactly once in its n rows; for odd n no square of 3, 5 or 7
 * does that, so the design is the square and its mirror (every row reversed), 2n rows in which each
 * follows each other exactly twice.
 *
 * <p>Each design the fork uses gets a fresh random relabelling of symbols to variants and a random row
 * order, so no variant is always first after another variant, nor the design's rows a fixed cycle; the
 * random source is the fork's seeded one, so a fork's orders are reproducible. Rounds that end inside a
 * design leave each ordered pair's count at most one apart for even n (a design holds each pair once)
 * and at most two apart for odd n (twice); complete designs add the same count to every pair.
 */
public final class WilliamsOrders {
    private final List<Integer> variants;
    private final Random random;
    private final Deque<List<Integer>> pending = new ArrayDeque<>();

    /** Orders of {@code variants} (the indices a round runs), drawn from {@code random}. */
    WilliamsOrders(List<Integer> variants, Random random) {
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("no variants to order");
        }
        this.variants = new ArrayList<>(variants);
        this.random = random;
    }

    /** The next round's order: every variant once. */
    List<Integer> next() {
        if (pending.isEmpty()) {
            List<Integer> labels = new ArrayList<>(variants);
            Collections.shuffle(labels, random);
            List<List<Integer>> rows = new ArrayList<>();
            for (int[] row : design(variants.size())) {
                List<Integer> order = new ArrayList<>(row.length);
                for (int symbol : row) {
                    order.add(labels.get(symbol));
                }
                rows.add(order);
            }
            Collections.shuffle(rows, random);
            pending.addAll(rows);
        }
        return pending.removeFirst();
    }

    /**
     * The design of symbols 0..n-1: n rows for even n, 2n for odd (the square, then its mirror). Public
     * for orders made outside a fork, in the same balance (the kv side by side's servers per round).
     */
    public static int[][] design(int n) {
        int[] first = new int[n];
        for (int i = 1; i < n; i++) {
            // 0, 1, n-1, 2, n-2, ...: the steps between neighbours are +1, -2, +3, -4, ... (mod n)
            first[i] = i % 2 == 1 ? (i + 1) / 2 : n - i / 2;
        }
        int[][] rows = new int[n % 2 == 0 ? n : 2 * n][n];
        for (int r = 0; r < n; r++) {
            for (int i = 0; i < n; i++) {
                rows[r][i] = (first[i] + r) % n;
                if (n % 2 == 1) {
                    rows[n + r][n - 1 - i] = rows[r][i];
                }
            }
        }
        return rows;
    }
}
