package jab.harness.mmap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jab.bench.mmap.WriteStrategy;
import jab.harness.family.JmhSettings;
import jab.harness.family.RunContext;
import jab.harness.jdk.Jdk;
import jab.harness.trace.SyscallCount;
import jab.harness.trace.TraceCache;
import jab.harness.trace.TracesAtOnce;

/**
 * The traces {@code jab run mmap} records: each Java write strategy the run measures, at each chunk
 * size it measures, on each JDK, as {@code jab verify mmap} traces it. Without strace, none, a note,
 * and no Java strategy gets a C partner (a partner is chosen by the trace, never by the name).
 */
final class WriteTraceSurvey {
    private WriteTraceSurvey() {
    }

    /** @param cache traces kept from earlier runs, taken instead of tracing again */
    static MmapTraceDocument run(RunContext ctx, Path workDir, TraceCache cache) throws InterruptedException {
        List<String> notes = new ArrayList<>();
        Optional<Path> strace = SyscallCount.strace();
        if (strace.isEmpty()) {
            return new MmapTraceDocument(List.of(), List.of("mmap: no syscall trace, so no Java/C ratio: " + SyscallCount.NO_STRACE));
        }
        List<WriteTrace> traces = new ArrayList<>();
        try (TracesAtOnce<WriteTrace> made = new TracesAtOnce<>()) { // each probe writes a file of its own (its pid)
            for (Jdk jdk : ctx.jdks()) {
                for (String chunk : ctx.param("chunkSize")) {
                    for (String strategy : measured(ctx, jdk, chunk)) {
                        made.add(strategy + " on JDK " + jdk.id() + " (chunkSize=" + chunk + ")",
                                () -> cache.get(WriteTrace.class, jdk, List.of(strategy, chunk),
                                        () -> WriteTrace.of(strace.get(), jdk, strategy, Integer.parseInt(chunk), workDir)));
                    }
                }
            }
            made.forEach(traces::add, (what, e) -> notes.add("mmap: tracing " + what + " failed, so it has no C partner: "
                    + e.getMessage()));
        }
        return new MmapTraceDocument(traces, notes);
    }

    /** The strategies of this JDK the run measures at this chunk size. */
    private static List<String> measured(RunContext ctx, Jdk jdk, String chunk) {
        List<String> asked = Arrays.asList(ctx.param("strategy"));
        return MmapVerifyCommand.strategies(jdk).stream()
                .filter(s -> asked.isEmpty() || asked.contains(s) || s.equals(WriteStrategy.MAPPED_MEMORY_SEGMENT.name()))
                .filter(s -> ctx.measures(new JmhSettings.Variant("writeFile", 1, Map.of("strategy", s, "chunkSize", chunk))))
                .toList();
    }
}
