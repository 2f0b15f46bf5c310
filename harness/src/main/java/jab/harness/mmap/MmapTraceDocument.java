package jab.harness.mmap;

import java.util.List;
import java.util.Optional;

/**
 * mmap-syscalls.json: what each Java write strategy did per chunk on each JDK of the run, traced
 * as {@code jab verify mmap} traces it ({@link WriteTrace}): the evidence each strategy's C partner
 * is chosen by ({@link MmapPartners}).
 */
record MmapTraceDocument(List<WriteTrace> traces, List<String> notes) {
    static final String NAME = "mmap-syscalls";

    MmapTraceDocument {
        traces = traces == null ? List.of() : List.copyOf(traces);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    Optional<WriteTrace> of(String jdk, String strategy, String chunkSize) {
        return traces.stream().filter(t -> t.jdk().equals(jdk) && t.strategy().equals(strategy)
                && Integer.toString(t.chunkSize()).equals(chunkSize)).findFirst();
    }
}
