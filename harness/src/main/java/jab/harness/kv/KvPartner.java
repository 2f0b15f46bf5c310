package jab.harness.kv;

import java.util.List;
import java.util.Optional;

import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;

/**
 * The native result a kv JMH result may be divided by. The one-thread latency benchmarks (get, set,
 * mixed) stand on native/kv_baseline.c's open-addressing table replaying the very keys, values and
 * operation sequence of the same method: neither side makes a syscall in the measured loop (both work
 * in memory only), so the ratio is the JVM map's cost over C's for the same work. The throughput
 * benchmarks have no partner: C runs one thread and times ns per operation, while they measure
 * several threads contending on one map, a figure the C table has no counterpart for; no ratio then.
 */
public final class KvPartner {
    private KvPartner() {
    }

    /** The partner's benchmark name in the run's native.json, when the run measured it. */
    public static Optional<String> of(RunResults run, BenchResult result) {
        return of(result).filter(name -> run.baselines().stream().anyMatch(b -> b.benchmark().equals(name) && b.sharedParamsEqual(result)));
    }

    /** The partner's name by what the result measures, whether or not a run holds it; empty: none. */
    static Optional<String> of(BenchResult result) {
        List<KvResult> kv = KvResult.of(List.of(result));
        if (kv.isEmpty() || kv.get(0).kind() != KvResult.Kind.LATENCY || result.threads() != 1) {
            return Optional.empty();
        }
        String op = kv.get(0).op();
        return List.of(KvNativeBaseline.OPS).contains(op) ? Optional.of(KvNativeBaseline.PREFIX + op) : Optional.empty();
    }
}
