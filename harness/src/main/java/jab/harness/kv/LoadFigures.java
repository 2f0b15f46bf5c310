package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import jab.kv.load.LoadResult;

/**
 * What one {@code jab kv load} run measured, as {@code --json FILE} writes it: how the harness reads a
 * load generator that ran in its own JVM (so it does not share the harness's heap, GC and JIT), and
 * what kv-e2e.json keeps of it. Latencies in microseconds.
 */
record LoadFigures(long requests, long errors, double seconds, double throughput, double meanUs, double p50Us, double p99Us,
                   double p999Us, double maxUs) {
    private static final ObjectMapper JSON = JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    static LoadFigures of(LoadResult r) {
        return new LoadFigures(r.requests, r.errors, r.seconds, r.throughput(), r.meanMicros(), r.percentileMicros(50),
                r.percentileMicros(99), r.percentileMicros(99.9), r.maxMicros());
    }

    void write(Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), this);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    static LoadFigures read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), LoadFigures.class);
    }
}
