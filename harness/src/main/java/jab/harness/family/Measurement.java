package jab.harness.family;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jab.harness.results.NativeResult;

/**
 * What a family measured outside JMH, handed to the harness, which alone writes the run directory.
 *
 * @param baselines native baselines: the same work done from C, the floor a JVM figure is divided by
 *                  (native.json)
 * @param timings   other timings made outside JMH, never a floor: end-to-end server runs, whole-JVM
 *                  wall times (timings.json)
 * @param documents side documents by name (written as NAME.json): records the family's section reads back
 * @param notes     what a reader of the results must know (a skipped baseline, a caveat of a library):
 *                  they land in env.json and in the summary's notes
 */
public record Measurement(List<NativeResult> baselines, List<NativeResult> timings, Map<String, Object> documents,
                          List<String> notes) {

    public Measurement {
        baselines = List.copyOf(baselines);
        timings = List.copyOf(timings);
        documents = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(documents));
        notes = List.copyOf(notes);
    }

    public static Measurement none() {
        return new Builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects a measurement as its parts come in. */
    public static final class Builder {
        private final List<NativeResult> baselines = new ArrayList<>();
        private final List<NativeResult> timings = new ArrayList<>();
        private final Map<String, Object> documents = new LinkedHashMap<>();
        private final List<String> notes = new ArrayList<>();

        public Builder baselines(List<NativeResult> results) {
            baselines.addAll(results);
            return this;
        }

        public Builder timings(List<NativeResult> results) {
            timings.addAll(results);
            return this;
        }

        /** A side document: a record (or list of records) the harness writes as {@code name.json}. */
        public Builder document(String name, Object document) {
            documents.put(name, document);
            return this;
        }

        public Builder note(String note) {
            notes.add(note);
            return this;
        }

        public Builder notes(List<String> more) {
            notes.addAll(more);
            return this;
        }

        public Measurement build() {
            return new Measurement(baselines, timings, documents, notes);
        }
    }
}
