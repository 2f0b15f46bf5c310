package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Bytes per key measured on real servers: a jab kv serve JVM and, when installed, redis-server. */
class MemoryPerKeyTest {
    private static final int KEYS = 20_000;

    @Test
    void jabCountsEachSixteenByteKeyWithAThirtyTwoByteValueObjectByObject() throws Exception {
        MemoryPerKeyDocument d;
        try (ServerProcess jab = KvEndToEnd.startJab()) {
            d = MemoryPerKey.measure(jab, KEYS);
        }
        assertThat(d.keys()).isEqualTo(KEYS);
        // KeyTable slot share 18 (9 bytes a slot at half load) + 16-byte key array 32 + 32-byte value array 48
        assertThat(d.usedMemoryPerKey()).isEqualTo(98.0);
        assertThat(d.rssAfter()).isGreaterThan(d.rssBefore()).isPositive();
        // MEMORY PURGE is a full collection: the garbage of the load goes, the keys stay
        assertThat(d.rssPurged()).isNotNull().isPositive();
        assertThat(d.purgedRssPerKey()).isFinite();
    }

    @Test
    void redisReportsItsOwnUsedMemoryForTheSameKeys() throws Exception {
        Optional<Path> redis = KvEndToEnd.findRedis(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(redis.isPresent(), "redis-server is not installed");
        MemoryPerKeyDocument d;
        try (ServerProcess r = ServerProcess.redis(redis.get())) {
            d = MemoryPerKey.measure(r, KEYS);
        }
        // Redis 7 on 64-bit: a dict entry, an embedded-string key and value and the table: ~80-150 bytes
        assertThat(d.usedMemoryPerKey()).isBetween(60.0, 200.0);
        assertThat(d.server()).isEqualTo("redis");
        assertThat(d.rssPurged()).isNotNull().isPositive();
    }
}
