package jab.harness.family;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import jab.harness.fs.FsFamily;
import jab.harness.kv.KvFamily;
import jab.harness.mmap.MmapFamily;
import jab.harness.process.ProcessFamily;

/** The families jab knows, in the order {@code jab run} runs them. */
public final class Families {
    private static final List<Family> ALL = List.of(new FsFamily(), new ProcessFamily(), new MmapFamily(), new KvFamily());

    private Families() {
    }

    public static List<Family> all() {
        return ALL;
    }

    public static Optional<Family> byName(String name) {
        return ALL.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** The family a JMH benchmark belongs to, by its package. */
    public static Optional<Family> ofBenchmark(String benchmark) {
        return ALL.stream().filter(f -> benchmark.startsWith(f.benchmarkPackage())).findFirst();
    }

    public static String names() {
        return ALL.stream().map(Family::name).collect(Collectors.joining(", "));
    }
}
