package jab.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class KvStoreTest {
    private final AtomicLong now = new AtomicLong(1_000_000);

    private KvStore store(KvConfig c) {
        return new KvStore(c.clock(now::get).sweep(0, 1));
    }

    private KvStore store() {
        return store(KvConfig.defaults().shards(8));
    }

    private static ByteKey k(String s) {
        return ByteKey.of(s);
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String str(byte[] v) {
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    private static KeyProbe probe(String s) {
        KeyProbe p = new KeyProbe();
        byte[] bytes = b(s);
        System.arraycopy(bytes, 0, p.buffer(bytes.length), 0, bytes.length);
        return p.filled(bytes.length);
    }

    @Test
    void aProbeFindsAndSetsTheKeyOfItsBytesAsAByteKeyWould() {
        KvStore s = store();
        assertThat(probe("p1")).hasSameHashCodeAs(k("p1"));
        assertThat(probe("p1").equals(k("p1"))).isTrue();
        assertThat(probe("p1").equals(k("p2"))).isFalse();
        s.set(probe("p1"), b("new"));
        assertThat(str(s.get(k("p1")))).isEqualTo("new");
        s.set(probe("p1"), b("replaced"));
        assertThat(str(s.get(probe("p1")))).isEqualTo("replaced");
        assertThat(s.dbsize()).isEqualTo(1);
        assertThat(s.get(probe("absent"))).isNull();
        // a deadline: the probe's GET takes the rarer path and sees it pass; its SET clears it, as SET does
        s.set(k("ttl"), b("v"), SetOptions.of(false, false, 100));
        assertThat(str(s.get(probe("ttl")))).isEqualTo("v");
        now.addAndGet(101);
        assertThat(s.get(probe("ttl"))).isNull();
        s.set(k("ttl2"), b("v"), SetOptions.of(false, false, 100));
        s.set(probe("ttl2"), b("w"));
        assertThat(s.pttl(k("ttl2"))).isEqualTo(-1);
    }

    @Test
    void aProbesSetGoesThroughTheJournalWhenThereIsOne() {
        KvStore s = store();
        List<String> seen = new ArrayList<>();
        s.journal(new Journal() {
            @Override
            public void stored(ByteKey key, byte[] value, long expireAt) {
                seen.add(key + "=" + str(value));
            }

            @Override
            public void removed(ByteKey key) {
            }

            @Override
            public void flushed() {
            }
        });
        s.set(probe("j"), b("1"));
        s.set(probe("j"), b("2"));
        assertThat(seen).containsExactly("j=1", "j=2");
    }

    @Test
    void keysAndValuesAreBinarySafe() {
        KvStore s = store();
        byte[] key = {0, 1, (byte) 0xff, '\r', '\n'};
        byte[] value = {(byte) 0x80, 0, 0, '\n'};
        s.set(new ByteKey(key.clone()), value);
        assertThat(s.get(new ByteKey(key.clone()))).containsExactly(value);
        assertThat(s.get(new ByteKey(new byte[] {0, 1, (byte) 0xff, '\r'}))).isNull();
    }

    @Test
    void shardCountIsRoundedUpToAPowerOfTwo() {
        assertThat(new KvStore(KvConfig.defaults().shards(5).sweep(0, 1)).shardCount()).isEqualTo(8);
        assertThat(new KvStore(KvConfig.defaults().shards(1).sweep(0, 1)).shardCount()).isEqualTo(1);
        assertThat(new KvStore(KvConfig.defaults().shards(16).sweep(0, 1)).shardCount()).isEqualTo(16);
    }

    @Test
    void nxOnlySetsAbsentKeysAndXxOnlyPresentOnes() {
        KvStore s = store();
        assertThat(s.set(k("a"), b("1"), SetOptions.xx())).isFalse();
        assertThat(s.get(k("a"))).isNull();
        assertThat(s.set(k("a"), b("1"), SetOptions.nx())).isTrue();
        assertThat(s.set(k("a"), b("2"), SetOptions.nx())).isFalse();
        assertThat(str(s.get(k("a")))).isEqualTo("1");
        assertThat(s.set(k("a"), b("3"), SetOptions.xx())).isTrue();
        assertThat(str(s.get(k("a")))).isEqualTo("3");
        assertThatThrownBy(() -> SetOptions.of(true, true, 0)).hasMessage("ERR syntax error");
    }

    @Test
    void keysExpireAtTheirDeadlineAndTtlReportsIt() {
        KvStore s = store();
        s.set(k("t"), b("v"), SetOptions.px(1500));
        assertThat(s.pttl(k("t"))).isEqualTo(1500);
        assertThat(s.ttl(k("t"))).isEqualTo(2); // rounded as Redis rounds
        now.addAndGet(1499);
        assertThat(str(s.get(k("t")))).isEqualTo("v");
        now.addAndGet(1);
        assertThat(s.get(k("t"))).isNull();
        assertThat(s.exists(k("t"))).isZero();
        assertThat(s.pttl(k("t"))).isEqualTo(-2);
        assertThat(s.dbsize()).isZero(); // removed on access
        s.set(k("p"), b("v"));
        assertThat(s.ttl(k("p"))).isEqualTo(-1);
        assertThat(s.ttl(k("missing"))).isEqualTo(-2);
    }

    @Test
    void anExpiredKeyCountsAsAbsentForNxAndXx() {
        KvStore s = store();
        s.set(k("e"), b("old"), SetOptions.px(10));
        now.addAndGet(10);
        assertThat(s.set(k("e"), b("x"), SetOptions.xx())).isFalse();
        assertThat(s.set(k("e"), b("new"), SetOptions.nx())).isTrue();
        assertThat(str(s.get(k("e")))).isEqualTo("new");
        assertThat(s.pttl(k("e"))).isEqualTo(-1);
    }

    @Test
    void plainSetClearsTheDeadlineAndExpireSetsOne() {
        KvStore s = store();
        s.set(k("a"), b("1"), SetOptions.px(100));
        s.set(k("a"), b("2"));
        assertThat(s.pttl(k("a"))).isEqualTo(-1);
        assertThat(s.expire(k("a"), 5)).isTrue();
        assertThat(s.pttl(k("a"))).isEqualTo(5000);
        assertThat(s.expire(k("nope"), 5)).isFalse();
        assertThat(s.pexpire(k("a"), 0)).isTrue(); // a deadline in the past deletes, as in Redis
        assertThat(s.get(k("a"))).isNull();
    }

    @Test
    void theBackgroundSweepRemovesExpiredKeysNobodyTouches() {
        // No scheduled sweep (interval 0): the test calls sweep() itself, 100 keys per shard and pass.
        KvStore s = new KvStore(KvConfig.defaults().shards(4).clock(now::get).sweep(0, 100));
        for (int i = 0; i < 1000; i++) {
            s.set(k("x" + i), b("v"), SetOptions.px(50));
        }
        for (int i = 0; i < 100; i++) {
            s.set(k("keep" + i), b("v"));
        }
        assertThat(s.dbsize()).isEqualTo(1100);
        now.addAndGet(50);
        s.sweep();
        assertThat(s.dbsize()).as("one pass looks at no more than its budget").isGreaterThanOrEqualTo(1100 - 4 * 100);
        for (int pass = 0; pass < 20; pass++) {
            s.sweep();
        }
        assertThat(s.dbsize()).isEqualTo(100);
        assertThat(s.keysWithDeadline()).isZero();
        assertThat(s.stats().expired()).isEqualTo(1000);
    }

    @Test
    void incrAndDecrCountFromZeroAndKeepTheDeadline() {
        KvStore s = store();
        assertThat(s.incr(k("n"))).isEqualTo(1);
        assertThat(s.incr(k("n"))).isEqualTo(2);
        assertThat(s.decr(k("n"))).isEqualTo(1);
        assertThat(s.decr(k("m"))).isEqualTo(-1);
        assertThat(str(s.get(k("n")))).isEqualTo("1");
        s.pexpire(k("n"), 1000);
        s.incr(k("n"));
        assertThat(s.pttl(k("n"))).isEqualTo(1000);
    }

    @Test
    void incrOnANonIntegerIsRedisError() {
        KvStore s = store();
        for (String bad : List.of("abc", "1.5", " 1", "01", "", "-", "99999999999999999999", "+1", "-0")) {
            s.set(k("v"), b(bad));
            assertThatThrownBy(() -> s.incr(k("v"))).as(bad).isInstanceOf(KvException.class)
                    .hasMessage("ERR value is not an integer or out of range");
            assertThat(str(s.get(k("v")))).as("unchanged after the error").isEqualTo(bad);
        }
        s.set(k("max"), b(Long.toString(Long.MAX_VALUE)));
        assertThatThrownBy(() -> s.incr(k("max"))).hasMessage("ERR increment or decrement would overflow");
        s.set(k("min"), b(Long.toString(Long.MIN_VALUE)));
        assertThat(s.incrBy(k("min"), 1)).isEqualTo(Long.MIN_VALUE + 1);
    }

    @Test
    void manyThreadsIncrementingOneKeyLoseNoUpdate() throws Exception {
        KvStore s = new KvStore(KvConfig.defaults().shards(16));
        int threads = 8;
        int each = 20_000;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    s.incr(k("counter"));
                    if (i % 2 == 0) {
                        s.decr(k("other"));
                    }
                }
            });
            th.start();
            ts.add(th);
        }
        go.countDown();
        for (Thread th : ts) {
            th.join();
        }
        assertThat(str(s.get(k("counter")))).isEqualTo(Long.toString((long) threads * each));
        assertThat(str(s.get(k("other")))).isEqualTo(Long.toString(-(long) threads * each / 2));
        s.close();
    }

    @Test
    void delExistsMgetMsetDbsizeFlush() {
        KvStore s = store();
        s.mset(List.of(k("a"), k("b"), k("c")), List.of(b("1"), b("2"), b("3")));
        assertThat(s.mget(List.of(k("a"), k("zz"), k("c")))).extracting(KvStoreTest::str).containsExactly("1", null, "3");
        assertThat(s.exists(k("a"), k("b"), k("zz"), k("a"))).isEqualTo(3);
        assertThat(s.del(k("a"), k("zz"))).isEqualTo(1);
        assertThat(s.del(k("a"))).isZero();
        assertThat(s.dbsize()).isEqualTo(2);
        s.flush();
        assertThat(s.dbsize()).isZero();
        assertThat(s.get(k("b"))).isNull();
    }

    @Test
    void maxKeysWithoutEvictionRefusesNewKeysButAllowsOverwrites() {
        KvStore s = store(KvConfig.defaults().shards(1).maxKeys(3));
        s.set(k("a"), b("1"));
        s.set(k("b"), b("1"));
        s.set(k("c"), b("1"));
        assertThatThrownBy(() -> s.set(k("d"), b("1"))).hasMessageStartingWith("OOM");
        s.set(k("a"), b("2"));
        assertThat(str(s.get(k("a")))).isEqualTo("2");
        assertThat(s.dbsize()).isEqualTo(3);
    }

    @Test
    void maxKeysWithEvictionKeepsTheNewKeyAndTheLimit() {
        KvStore s = store(KvConfig.defaults().shards(4).maxKeys(100).eviction(EvictionPolicy.ALLKEYS_RANDOM));
        for (int i = 0; i < 1000; i++) {
            s.set(k("k" + i), b("v" + i));
            assertThat(str(s.get(k("k" + i)))).isEqualTo("v" + i);
        }
        assertThat(s.dbsize()).isLessThanOrEqualTo(100).isGreaterThan(50);
        assertThat(s.stats().evicted()).isEqualTo(1000 - s.dbsize());
    }

    @Test
    void maxMemoryEvictsToStayUnderTheBudget() {
        long budget = 64 * 1024;
        KvStore s = store(KvConfig.defaults().shards(2).maxMemory(budget).eviction(EvictionPolicy.ALLKEYS_RANDOM));
        byte[] v = new byte[1000];
        Arrays.fill(v, (byte) 'x');
        for (int i = 0; i < 500; i++) {
            s.set(k("m" + i), v);
        }
        assertThat(s.usedMemory()).isLessThanOrEqualTo(budget).isPositive();
        assertThat(s.dbsize()).isLessThan(500).isPositive();
    }

    @Test
    void allkeysLruKeepsTheBudgetAndEvictsTheKeysReadLeastRecently() {
        long budget = 200 * 1024;
        KvStore s = store(KvConfig.defaults().shards(1).maxMemory(budget).eviction(EvictionPolicy.ALLKEYS_LRU));
        byte[] v = new byte[100];
        for (int i = 0; i < 100; i++) {
            s.set(k("hot" + i), v);
        }
        for (int i = 0; i < 20_000; i++) {
            now.incrementAndGet();
            s.set(k("cold" + i), v);
            s.get(k("hot" + (i % 100))); // each hot key is read every 100 writes
            assertThat(s.usedMemory()).isLessThanOrEqualTo(budget);
        }
        long hotLeft = java.util.stream.IntStream.range(0, 100).filter(i -> s.get(k("hot" + i)) != null).count();
        // a random policy keeps each key with the odds of any other (~850 of 20100 here: ~4 hot keys); sampled LRU keeps most read ones
        assertThat(hotLeft).isGreaterThan(50);
        assertThat(s.stats().evicted()).isEqualTo(20_100 - s.dbsize());
    }

    @Test
    void noevictionRefusesWritesWithRedisOomErrorAndKeepsReadsAndDeletes() {
        KvStore s = store(KvConfig.defaults().shards(1).maxMemory(10_000).eviction(EvictionPolicy.NOEVICTION));
        int stored = 0;
        try {
            for (; stored < 1000; stored++) {
                s.set(k("n" + stored), new byte[100]);
            }
        } catch (KvException e) {
            assertThat(e.getMessage()).isEqualTo("OOM command not allowed when used memory > 'maxmemory'.");
        }
        assertThat(stored).isBetween(10, 999);
        assertThat(s.get(k("n0"))).isNotNull();
        assertThat(s.del(k("n0"))).isEqualTo(1);
        s.set(k("fits again"), new byte[100]);
        assertThat(s.dbsize()).isEqualTo(stored);
    }

    @Test
    void usedMemoryCountsTheEntriesObjectsWithOrWithoutALimit() {
        KvStore counted = store(KvConfig.defaults().shards(2).maxMemory(1L << 30));
        KvStore walked = store(KvConfig.defaults().shards(2));
        for (int i = 0; i < 1000; i++) {
            byte[] key = String.format("key:%012d", i).getBytes(StandardCharsets.US_ASCII); // 16 bytes
            counted.set(new ByteKey(key), new byte[32]);
            walked.set(new ByteKey(key), new byte[32]);
        }
        // table slot share 18 + key array 32 + value array 48 = 98 bytes per key
        assertThat(walked.usedMemory()).isEqualTo(98_000);
        assertThat(counted.usedMemory()).isEqualTo(98_000);
    }

    @Test
    void theScheduledSweepRunsOnItsOwn() throws Exception {
        try (KvStore s = new KvStore(KvConfig.defaults().shards(2).sweep(20, 1000))) {
            for (int i = 0; i < 100; i++) {
                s.set(k("s" + i), b("v"), SetOptions.px(30));
            }
            long deadline = System.currentTimeMillis() + 5000;
            while (s.dbsize() > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertThat(s.dbsize()).isZero();
        }
    }
}
