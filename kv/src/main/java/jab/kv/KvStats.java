package jab.kv;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Operation counters, kept per thread: each thread increments plain fields of its own cell, so a get
 * pays no atomic instruction (a LongAdder's uncontended CAS is a full fence, as costly as a cache hit in
 * the map) and threads never share a counter's cache line. Reading sums every cell; a sum taken while
 * threads run may trail the latest increments by a moment.
 */
public final class KvStats {
    private final ThreadLocal<Cell> local = ThreadLocal.withInitial(this::newCell);
    private final Queue<Cell> cells = new ConcurrentLinkedQueue<>();

    /** One thread's counters, padded so two threads' cells never share a cache line. */
    static final class Cell {
        long p0, p1, p2, p3, p4, p5, p6;
        long hits;
        long misses;
        long writes;
        long expired;
        long evicted;
        long q0, q1, q2, q3, q4, q5, q6;
    }

    private Cell newCell() {
        Cell c = new Cell();
        cells.add(c);
        return c;
    }

    /** The calling thread's cell; callers increment its fields. */
    Cell cell() {
        return local.get();
    }

    public long hits() {
        long n = 0;
        for (Cell c : cells) {
            n += c.hits;
        }
        return n;
    }

    public long misses() {
        long n = 0;
        for (Cell c : cells) {
            n += c.misses;
        }
        return n;
    }

    public long writes() {
        long n = 0;
        for (Cell c : cells) {
            n += c.writes;
        }
        return n;
    }

    public long expired() {
        long n = 0;
        for (Cell c : cells) {
            n += c.expired;
        }
        return n;
    }

    public long evicted() {
        long n = 0;
        for (Cell c : cells) {
            n += c.evicted;
        }
        return n;
    }
}
