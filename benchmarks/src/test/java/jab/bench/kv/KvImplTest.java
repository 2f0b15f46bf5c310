package jab.bench.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.annotations.Param;

class KvImplTest {

    @ParameterizedTest
    @CsvSource({"CONCURRENT_HASH_MAP, 0", "STORE_1, 1", "STORE_3, 3", "STORE_8, 8", "STORE_16, 16", "STORE_1000, 1000",
            "STORE_65536, 65536"})
    void everyAcceptedFormParses(String value, int shards) {
        KvImpl impl = KvImpl.parse(value);
        assertThat(impl.shards()).isEqualTo(shards);
        assertThat(impl.toString()).startsWith(value + ": ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"STORE_0", "STORE_x", "FOO", "", "STORE_", "STORE_65537", "STORE_100000", "STORE_016",
            "STORE_-1", "STORE_+1", "store_16", " STORE_16", "STORE_16 ", "CONCURRENT_HASH_MAP_1", "concurrent_hash_map"})
    void anyOtherValueIsRefusedWithTheAcceptedForms(String value) {
        assertThatThrownBy(() -> KvImpl.parse(value)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + value + "'").hasMessageContaining("CONCURRENT_HASH_MAP")
                .hasMessageContaining("STORE_<n>").hasMessageContaining("1..65536");
    }

    @Test
    void noValueIsRefusedToo() {
        assertThatThrownBy(() -> KvImpl.parse(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CONCURRENT_HASH_MAP");
    }

    @Test
    void theBenchmarksDefaultImplsParse() throws Exception {
        for (Class<?> c : List.of(KvLatencyBenchmark.class, KvThroughputBenchmark.class)) {
            String[] values = c.getField("impl").getAnnotation(Param.class).value();
            assertThat(values).as(c.getSimpleName()).contains("CONCURRENT_HASH_MAP", "STORE_1", "STORE_16");
            for (String v : values) {
                assertThat(KvImpl.parse(v)).isNotNull();
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"STORE_1, 1", "STORE_3, 4", "STORE_8, 8", "STORE_16, 16", "STORE_65536, 65536"})
    void theStoreHasTheShardsAskedRoundedUpToAPowerOfTwo(String value, int shards) {
        try (KvMap map = KvImpl.parse(value).open()) {
            assertThat(map).isInstanceOf(KvImpl.StoreKv.class);
            assertThat(((KvImpl.StoreKv) map).store.shardCount()).isEqualTo(shards);
        }
        try (KvMap map = KvImpl.parse("CONCURRENT_HASH_MAP").open()) {
            assertThat(map).isInstanceOf(KvImpl.MapKv.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"STORE_1", "STORE_16"})
    void storeAndMapAnswerTheWholeSequenceAlike(String store) {
        KvWorkload work = new KvWorkload();
        List<Object> mapAnswers;
        List<Object> storeAnswers;
        try (KvMap map = KvImpl.parse("CONCURRENT_HASH_MAP").open(); KvMap s = KvImpl.parse(store).open()) {
            mapAnswers = replay(work, map);
            storeAnswers = replay(work, s);
        }
        assertThat(storeAnswers).hasSize(2 * KvWorkload.SEQUENCE + KvWorkload.KEYS).containsExactlyElementsOf(mapAnswers);
        // the sequence does reach every answer: hits and misses, deletes of present and of missing keys
        assertThat(mapAnswers).contains(KvWorkload.VALUE_SIZE, -1, true, false);
    }

    /** Fills, plays the sequence twice through step, then gets every key: the answers in order. */
    private static List<Object> replay(KvWorkload work, KvMap map) {
        work.fill(map);
        List<Object> answers = new ArrayList<>();
        for (int n = 0; n < 2 * KvWorkload.SEQUENCE; n++) {
            answers.add(work.step(map, n & (KvWorkload.SEQUENCE - 1)));
        }
        for (int k = 0; k < KvWorkload.KEYS; k++) {
            answers.add(KvWorkload.read(map.get(work.keys[k])));
        }
        return answers;
    }
}
