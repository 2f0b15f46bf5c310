package jab.harness.run.jmh;

import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark forks' heap, pinned: -Xms equal to -Xmx, so the heap does not grow or shrink while
 * JMH measures (a growing heap is work inside the timed shots of allocating benchmarks) and every
 * fork starts from the same heap. The user's own heap options win: any of them, and jab adds none.
 */
public final class HeapPin {
    private static final List<String> HEAP_OPTIONS = List.of("-Xms", "-Xmx", "-XX:InitialHeapSize", "-XX:MaxHeapSize",
            "-XX:MinHeapSize", "-XX:MaxRAMPercentage", "-XX:InitialRAMPercentage", "-XX:MinRAMPercentage");

    private HeapPin() {
    }

    /** The user's fork options, with -Xms and -Xmx of {@code heap} ("2g") added when they set no heap size. */
    public static List<String> args(List<String> userArgs, String heap) {
        List<String> out = new ArrayList<>(userArgs);
        if (userArgs.stream().noneMatch(a -> HEAP_OPTIONS.stream().anyMatch(a::startsWith))) {
            out.add("-Xms" + heap);
            out.add("-Xmx" + heap);
        }
        return out;
    }
}
