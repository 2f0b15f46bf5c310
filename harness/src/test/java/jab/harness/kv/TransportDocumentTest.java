package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import jab.harness.results.NativeResult;

/**
 * kv-redis-benchmark.json with jab's server on several transports: each of jab's rows names its
 * transport beside the fields runs before had, and timings.json tells the transports apart.
 */
class TransportDocumentTest {
    private static final ObjectMapper READER = JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    @Test
    void jabsRowsNameTheirTransportAndRedisRowsNone() throws Exception {
        RedisBenchmarkDocument doc = SideBySide.details(rows(), "redis-benchmark 7.0.15", Path.of("/usr/bin/redis-server"), "apart", "epoll");
        assertThat(doc.defaultTransport()).isEqualTo("epoll");
        assertThat(doc.rows()).extracting(RedisBenchmarkDocument.Row::transport).containsExactly("io_uring", "epoll", null);
        assertThat(doc.rows().get(0).serverUserCpuUsPerRequest()).containsExactly(2.0, 2.0);
        assertThat(doc.rows().get(0).serverSystemCpuUsPerRequest()).containsExactly(3.0, 3.0);
        assertThat(doc.rows().get(0).requestsPerCpuSecond()).containsExactly(200_000.0, 200_000.0);
        assertThat(doc.rows().get(0).serverJitMs()).as("the JIT's ms in each of jab's rounds").containsExactly(12.0, 40.0);
        assertThat(doc.rows().get(2).serverJitMs()).as("Redis compiles nothing").isNull();
        assertThat(doc.rows().get(0).warmUpPasses()).isEqualTo(2);
        assertThat(doc.rows().get(0).warmUpJitShare()).containsExactly(1.5, 0.01);
        assertThat(doc.rows().get(2).warmUpPasses()).isEqualTo(1);
        assertThat(doc.rows().get(2).warmUpJitShare()).isNull();

        JsonNode json = new ObjectMapper().valueToTree(doc);
        assertThat(json.get("defaultTransport").asText()).isEqualTo("epoll");
        JsonNode uring = json.get("rows").get(0);
        assertThat(uring.get("transport").asText()).isEqualTo("io_uring");
        assertThat(json.get("rows").get(2).get("transport").isNull()).as("Redis's transport").isTrue();
        for (String field : List.of("server", "test", "pipeline", "requestsPerCpuSecond", "clientCpuShare", "serverCpuUsPerRequest",
                "persistence", "serverCpuQuota", "serverUserCpuUsPerRequest", "serverSystemCpuUsPerRequest")) {
            assertThat(uring.has(field)).as(field).isTrue();
        }
        RedisBenchmarkDocument back = READER.treeToValue(json, RedisBenchmarkDocument.class);
        assertThat(back.rows()).extracting(RedisBenchmarkDocument.Row::transport).containsExactly("io_uring", "epoll", null);
    }

    @Test
    void aDocumentWrittenBeforeTransportsWereComparedReadsWithoutOne() throws Exception {
        RedisBenchmarkDocument old = READER.readValue("{\"tool\":\"redis-benchmark 7.0.15\",\"command\":\"redis-benchmark\","
                + "\"redisServer\":\"/usr/bin/redis-server\",\"rows\":[{\"server\":\"jab\",\"test\":\"GET\",\"pipeline\":1,"
                + "\"requestsPerCpuSecond\":[1.0,2.0],\"clientCpuShare\":[0.5,0.5]}]}", RedisBenchmarkDocument.class);
        assertThat(old.defaultTransport()).isNull();
        assertThat(old.rows()).singleElement().satisfies(r -> {
            assertThat(r.transport()).isNull();
            assertThat(r.serverUserCpuUsPerRequest()).isNull();
            assertThat(r.serverWords()).isEqualTo("jab");
        });
    }

    @Test
    void timingsOfATransportOtherThanTheDefaultCarryItAsAParam() {
        List<NativeResult> timings = SideBySide.nativeResults(rows(), "redis-benchmark 7.0.15", "epoll");
        List<NativeResult> get = timings.stream().filter(r -> r.benchmark().endsWith(".redisBenchmark.get")).toList();
        assertThat(get).extracting(NativeResult::benchmark)
                .containsExactly("e2e.kv.jab.redisBenchmark.get", "e2e.kv.jab.redisBenchmark.get", "e2e.kv.redis.redisBenchmark.get");
        assertThat(get.get(0).params()).containsEntry("transport", "io_uring");
        assertThat(get.get(1).params()).as("the default keeps the names of earlier runs").doesNotContainKey("transport");
        assertThat(get.get(2).params()).doesNotContainKey("transport");
    }

    private static List<SideBySide.Row> rows() {
        RedisBenchmark.Test test = new RedisBenchmark.Test("GET", 90_000, 0.5, 0.4, 0.9, 2.0, 0.6);
        SideBySide.Round jab = new SideBySide.Round(test, 5.0, 2.0, 3.0, 12.0);
        SideBySide.Round compiling = new SideBySide.Round(test, 5.0, 2.0, 3.0, 40.0);
        SideBySide.Round redis = new SideBySide.Round(test, 5.0, 2.0, 3.0, Double.NaN); // no JIT to read
        List<SideBySide.Pass> jabWarmUp = List.of(new SideBySide.Pass(150_000, 1.5), new SideBySide.Pass(190_000, 0.01));
        List<SideBySide.Pass> redisWarmUp = List.of(new SideBySide.Pass(190_000, Double.NaN));
        return List.of(new SideBySide.Row("jab", "io_uring", "jab kv serve", Durability.OFF, "GET", 1, 50_000, 0.4, jabWarmUp,
                        List.of(jab, compiling)),
                new SideBySide.Row("jab", "epoll", "jab kv serve", Durability.OFF, "GET", 1, 50_000, 0.4, jabWarmUp, List.of(jab, jab)),
                new SideBySide.Row("redis", null, "redis-server 7.0.15", Durability.OFF, "GET", 1, 50_000, 0.4, redisWarmUp,
                        List.of(redis, redis)));
    }
}
