package jab.harness.kv;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

import jab.bench.kv.KvImpl;
import jab.harness.results.BenchResult;

/**
 * A kv JMH result read as what it measured: latency or throughput, the operation (the method), and
 * the implementation ({@code CONCURRENT_HASH_MAP} or {@code STORE_<n>}). Runs before the impl param
 * (format 1) had a class per implementation and a {@code shards} param; they read the same way.
 */
record KvResult(Kind kind, String op, String impl, BenchResult result) {
    private static final String PKG = "jab.bench.kv.";

    enum Kind { LATENCY, THROUGHPUT }

    static List<KvResult> of(List<BenchResult> results) {
        List<KvResult> out = new ArrayList<>();
        for (BenchResult r : results) {
            if (!r.benchmark().startsWith(PKG)) {
                continue;
            }
            String cls = r.benchmark().substring(PKG.length(), r.benchmark().lastIndexOf('.'));
            Kind kind = cls.contains("Latency") ? Kind.LATENCY : cls.contains("Throughput") ? Kind.THROUGHPUT : null;
            String impl = r.param("impl") != null ? r.param("impl")
                    : cls.startsWith("ConcurrentHashMap") ? KvImpl.CONCURRENT_HASH_MAP
                    : r.param("shards") != null ? store(Integer.parseInt(r.param("shards"))) : null;
            if (kind != null && impl != null) {
                out.add(new KvResult(kind, r.method(), impl, r));
            }
        }
        return out;
    }

    static String store(int shards) {
        return KvImpl.STORE_PREFIX + shards;
    }

    /** The shard counts of the store measured in one kind, ascending. */
    static List<Integer> storeShards(List<KvResult> kv, Kind kind) {
        TreeSet<Integer> s = new TreeSet<>();
        kv.stream().filter(k -> k.kind == kind && k.impl.startsWith(KvImpl.STORE_PREFIX))
                .forEach(k -> s.add(Integer.parseInt(k.impl.substring(KvImpl.STORE_PREFIX.length()))));
        return new ArrayList<>(s);
    }

    /**
     * The latency results split by working set (param {@code keys}), smallest first; a run from before
     * the param (16,384 keys, unnamed) is one group under the empty string.
     */
    static SortedMap<String, List<KvResult>> byKeys(List<KvResult> kv) {
        SortedMap<String, List<KvResult>> out = new TreeMap<>(
                Comparator.comparingLong((String k) -> k.isEmpty() ? 0 : Long.parseLong(k)));
        for (KvResult k : kv) {
            String keys = k.result.param("keys");
            out.computeIfAbsent(keys == null ? "" : keys, x -> new ArrayList<>()).add(k);
        }
        return out;
    }

    static Optional<BenchResult> find(List<KvResult> kv, Kind kind, String op, String impl) {
        return kv.stream().filter(k -> k.kind == kind && k.op.equals(op) && k.impl.equals(impl)).map(KvResult::result).findFirst();
    }
}
