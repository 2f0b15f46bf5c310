package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import jab.bench.kv.KvLatencyBenchmark;
import jab.bench.kv.KvThroughputBenchmark;
import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.results.BenchResult;

/**
 * Every kv benchmark and impl maps to its native partner or to none, and the profiles keep thread
 * counts within the CPUs.
 */
class KvPairingTest {
    private static final List<String> IMPLS = List.of("CONCURRENT_HASH_MAP", "STORE_1", "STORE_8", "STORE_16");

    @Test
    void latencyBenchmarksStandOnTheCHashTableDoingTheSameOperation() {
        for (String op : List.of("get", "set", "mixed")) {
            for (String impl : IMPLS) {
                assertThat(KvPartner.of(result(KvLatencyBenchmark.class.getName() + "." + op, impl, 1)))
                        .as(op + " " + impl).contains("native.kv.hashTable." + op);
            }
        }
    }

    @Test
    void throughputBenchmarksHaveNoPartner() {
        for (String method : List.of("mixed_1Thread", "mixed_2Threads", "mixed_4Threads", "mixed_8Threads")) {
            for (String impl : IMPLS) {
                assertThat(KvPartner.of(result(KvThroughputBenchmark.class.getName() + "." + method, impl, 1)))
                        .as(method + " " + impl).isEmpty();
            }
        }
    }

    @Test
    void aLatencyResultRunWithMoreThreadsIsNotDividedByTheOneThreadFloor() {
        // -t 2 on the latency benchmark: two threads, two maps' worth of cache traffic; C ran one
        assertThat(KvPartner.of(result(KvLatencyBenchmark.class.getName() + ".get", "STORE_16", 2))).isEmpty();
        assertThat(KvPartner.of(result("jab.bench.fs.FileExistsBenchmark.existingFile", "STORE_16", 1))).isEmpty();
    }

    @Test
    void aFloorPartnersOnlyAResultOverAsManyKeys() {
        BenchResult floor1k = new BenchResult("t", "native.kv.hashTable.get", "avgt", Map.of("keys", "1024"), 5, 0.1, "ns/op",
                List.of(new double[] {5, 5}), 2, "", "", "", List.of(), 1, 0.1);
        BenchResult get1k = withKeys(result(KvLatencyBenchmark.class.getName() + ".get", "STORE_16", 1), "1024");
        BenchResult get16k = withKeys(result(KvLatencyBenchmark.class.getName() + ".get", "STORE_16", 1), "16384");
        assertThat(floor1k.sharedParamsEqual(get1k)).isTrue();
        assertThat(floor1k.sharedParamsEqual(get16k)).as("a floor over 1,024 keys under a get over 16,384").isFalse();
        // a run from before the param: neither side names keys, so they pair as they always did
        assertThat(floor1k.sharedParamsEqual(result(KvLatencyBenchmark.class.getName() + ".get", "STORE_16", 1))).isTrue();
    }

    @Test
    void theShorterProfilesAskTheInCacheWorkingSetAndThoroughBoth() {
        assertThat(new KvFamily().settings(Profile.DEFAULT).params()).containsEntry("keys", new String[] {"1024"});
        assertThat(new KvFamily().settings(Profile.SMOKE).params()).containsEntry("keys", new String[] {"1024"});
        assertThat(new KvFamily().settings(Profile.THOROUGH).params()).doesNotContainKey("keys");
    }

    @Test
    void noProfileRunsMoreThreadsThanCpus() {
        int cpus = Runtime.getRuntime().availableProcessors();
        for (Profile p : Profile.values()) {
            JmhSettings s = new KvFamily().settings(p);
            assertThat(s.subset().test(new JmhSettings.Variant("get", 1, Map.of()))).as(p + " 1 thread").isTrue();
            if (p != Profile.DEFAULT) { // the default measures get and set only
                assertThat(s.subset().test(new JmhSettings.Variant("mixed_" + cpus + "Threads", cpus, Map.of())))
                        .as(p + " " + cpus + " threads").isTrue();
            }
            assertThat(s.subset().test(new JmhSettings.Variant("mixed_8Threads", cpus + 1, Map.of())))
                    .as(p + " " + (cpus + 1) + " threads").isFalse();
        }
    }

    private static BenchResult withKeys(BenchResult r, String keys) {
        return new BenchResult("t", r.benchmark(), "avgt", Map.of("impl", r.param("impl"), "keys", keys), 20, 1, "ns/op",
                List.of(new double[] {20, 21}), 2, "17", "vm", "17", List.of(), 1, 0.1);
    }

    private static BenchResult result(String benchmark, String impl, int threads) {
        return new BenchResult("t", benchmark, "avgt", Map.of("impl", impl), 20, 1, "ns/op", List.of(new double[] {20, 21}), 2,
                "17", "vm", "17", List.of(), threads, 0.1);
    }
}
