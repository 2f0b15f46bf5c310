package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import jab.kv.server.Transport;

/** Bytes per key measured on real servers: a jab kv serve JVM and, when installed, redis-server. */
class MemoryPerKeyTest {
    private static final int KEYS = 20_000;
    private static final long IDLE_MILLIS = 500;

    @Test
    void jabCountsEachSixteenByteKeyWithAThirtyTwoByteValueObjectByObject() throws Exception {
        MemoryPerKeyDocument d;
        try (ServerProcess jab = KvEndToEnd.startJab()) {
            d = MemoryPerKey.measure(jab, KEYS, IDLE_MILLIS);
        }
        assertThat(d.keys()).isEqualTo(KEYS);
        // KeyTable slot share 18 (9 bytes a slot at half load) + 16-byte key array 32 + 32-byte value array 48
        assertThat(d.usedMemoryPerKey()).isEqualTo(98.0);
        assertThat(d.rssAfter()).isGreaterThan(d.rssBefore()).isPositive();
        // MEMORY PURGE is a full collection: the garbage of the load goes, the keys stay
        assertThat(d.rssPurged()).isNotNull().isPositive();
        assertThat(d.purgedRssPerKey()).isFinite();
        assertThat(d.rssAfterIdle()).as("RSS read again after the idle wait").isNotNull().isPositive();
        assertThat(d.idleSeconds()).isEqualTo(0.5);
        assertThat(d.transport()).as("jab names its transport").isNotBlank();
        assertThat(d.asUsersRunIt()).isTrue();
    }

    @Test
    void severalServersAreMeasuredSideBySideEachWithItsOwnTransportAndFigures() throws Exception {
        List<MemoryPerKeyDocument> rows;
        try (ServerProcess nio = KvEndToEnd.startJab(List.of(), List.of(), Transport.NIO);
             ServerProcess byDefault = KvEndToEnd.startJab()) {
            rows = MemoryPerKey.measure(List.of(nio, byDefault), KEYS, IDLE_MILLIS, byDefault.transport);
        }
        assertThat(rows).extracting(MemoryPerKeyDocument::transport).containsExactly("nio", rows.get(1).defaultTransport());
        assertThat(rows.get(0).asUsersRunIt()).isEqualTo("nio".equals(rows.get(0).defaultTransport()));
        assertThat(rows.get(1).asUsersRunIt()).isTrue();
        assertThat(rows).allSatisfy(r -> assertThat(r.usedMemoryPerKey()).isEqualTo(98.0));
    }

    @Test
    void redisReportsItsOwnUsedMemoryForTheSameKeys() throws Exception {
        Optional<Path> redis = KvEndToEnd.findRedis(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(redis.isPresent(), "redis-server is not installed");
        MemoryPerKeyDocument d;
        try (ServerProcess r = ServerProcess.redis(redis.get())) {
            d = MemoryPerKey.measure(r, KEYS, IDLE_MILLIS);
        }
        // Redis 7 on 64-bit: a dict entry, an embedded-string key and value and the table: ~80-150 bytes
        assertThat(d.usedMemoryPerKey()).isBetween(60.0, 200.0);
        assertThat(d.server()).isEqualTo("redis");
        assertThat(d.rssPurged()).isNotNull().isPositive();
    }
}
