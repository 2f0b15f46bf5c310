package jab.kv.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

import jab.kv.EvictionPolicy;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.SetParams;

/** The server through Jedis, a Redis client library: commands, errors, pipelining, concurrent clients, maxmemory. */
@EveryTransport
class KvServerJedisTest {
    static KvServer server;
    static int port;

    @Parameter
    Transport transport;

    @BeforeParameterizedClassInvocation
    static void start(Transport transport) throws Exception {
        server = EveryTransport.Servers.started(transport, c -> c.shards = 8);
        port = server == null ? 0 : server.port();
    }

    @AfterParameterizedClassInvocation
    static void stop() {
        if (server != null) { // null on a transport that cannot run here
            server.close();
        }
    }

    private static Jedis client() {
        return new Jedis("127.0.0.1", port);
    }

    @Test
    void stringCommandsBehaveAsInRedis() throws Exception {
        try (Jedis j = client()) {
            assertThat(j.ping()).isEqualTo("PONG");
            assertThat(j.echo("hi")).isEqualTo("hi");
            assertThat(j.set("greeting", "hello")).isEqualTo("OK");
            assertThat(j.get("greeting")).isEqualTo("hello");
            assertThat(j.get("missing")).isNull();
            assertThat(j.set("greeting", "x", SetParams.setParams().nx())).isNull();
            assertThat(j.set("fresh", "x", SetParams.setParams().xx())).isNull();
            assertThat(j.set("greeting", "hola", SetParams.setParams().xx())).isEqualTo("OK");
            assertThat(j.incr("n")).isEqualTo(1);
            assertThat(j.decr("n")).isEqualTo(0);
            assertThat(j.mset("a", "1", "b", "2")).isEqualTo("OK");
            assertThat(j.mget("a", "zz", "b")).containsExactly("1", null, "2");
            assertThat(j.exists("a", "b", "zz")).isEqualTo(2);
            assertThat(j.del("a", "zz")).isEqualTo(1);
            assertThat(j.expire("b", 100)).isEqualTo(1);
            assertThat(j.ttl("b")).isEqualTo(100);
            assertThat(j.pttl("b")).isBetween(99_000L, 100_000L);
            assertThat(j.ttl("greeting")).isEqualTo(-1);
            assertThat(j.ttl("zz")).isEqualTo(-2);
            j.set("short", "v", SetParams.setParams().px(100));
            Thread.sleep(250);
            assertThat(j.get("short")).isNull();
            assertThat(j.select(0)).isEqualTo("OK");
            assertThat(j.clientSetname("tester")).isEqualTo("OK");
            assertThat(j.clientGetname()).isEqualTo("tester");
            assertThat(j.info("keyspace")).contains("# Keyspace").contains("db0:keys=");
            assertThat(j.info("server")).contains("redis_version:");
            assertThat(j.info("clients")).contains("connected_clients:");
            // the JVM's own work, for a benchmark billing the server's CPU: outside Redis's default sections
            assertThat(infoField(j, "jvm", "jit_compile_time_ms")).as("a JVM that served requests has compiled").isPositive();
            assertThat(j.info("jvm")).containsPattern("gc_collections:\\d+").containsPattern("gc_time_ms:\\d+")
                    .containsPattern("jit_cpu_time_ms:(-1|\\d+)");
            if (java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/task"))) {
                assertThat(infoField(j, "jvm", "jit_cpu_time_ms")).as("the compiler threads' CPU time, from /proc").isPositive();
            }
            assertThat(j.info()).doesNotContain("# Jvm");
            assertThat(j.dbSize()).isPositive();
            String stats = j.info("stats");
            assertThat(stats).containsPattern("keyspace_hits:[1-9]").containsPattern("keyspace_misses:[1-9]")
                    .containsPattern("total_commands_processed:[1-9]");
        }
    }

    @Test
    void errorsAreWordedAsRedisWordsThem() {
        try (Jedis j = client()) {
            j.set("text", "abc");
            assertThatThrownBy(() -> j.incr("text")).isInstanceOf(JedisDataException.class)
                    .hasMessage("ERR value is not an integer or out of range");
            assertThatThrownBy(() -> j.sendCommand(() -> redis.clients.jedis.util.SafeEncoder.encode("NOSUCHCMD"),
                    "x")).hasMessageStartingWith("ERR unknown command 'NOSUCHCMD', with args beginning with: 'x'");
            assertThatThrownBy(() -> j.select(3)).hasMessage("ERR DB index is out of range");
            assertThatThrownBy(() -> j.sendCommand(redis.clients.jedis.Protocol.Command.GET))
                    .hasMessage("ERR wrong number of arguments for 'get' command");
            assertThat(j.ping()).isEqualTo("PONG"); // errors leave the connection usable
        }
    }

    @Test
    void pipelinedCommandsGetTheirRepliesInOrder() {
        try (Jedis j = client()) {
            Pipeline p = j.pipelined();
            List<Response<String>> sets = new ArrayList<>();
            List<Response<String>> gets = new ArrayList<>();
            for (int i = 0; i < 5000; i++) {
                sets.add(p.set("p:" + i, "v" + i));
                gets.add(p.get("p:" + i));
            }
            Response<Long> count = p.incrBy("p:count", 5000);
            p.sync();
            for (int i = 0; i < 5000; i++) {
                assertThat(sets.get(i).get()).isEqualTo("OK");
                assertThat(gets.get(i).get()).isEqualTo("v" + i);
            }
            assertThat(count.get()).isEqualTo(5000);
        }
    }

    @Test
    void concurrentClientsSeeEveryIncrement() throws Exception {
        int clients = 16;
        int each = 500;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> fs = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int id = c;
            fs.add(pool.submit(() -> {
                try (Jedis j = client()) {
                    for (int i = 0; i < each; i++) {
                        j.incr("shared");
                        j.set("own:" + id, Integer.toString(i));
                        assertThat(j.get("own:" + id)).isEqualTo(Integer.toString(i));
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : fs) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        try (Jedis j = client()) {
            assertThat(j.get("shared")).isEqualTo(Integer.toString(clients * each));
        }
    }

    private KvServer limited(long maxMemory, EvictionPolicy eviction) throws Exception {
        return EveryTransport.Servers.started(transport, c -> {
            c.shards = 1;
            c.maxMemory = maxMemory;
            c.eviction = eviction;
        });
    }

    private static long infoField(Jedis j, String section, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + ":(\\d+)").matcher(j.info(section));
        assertThat(m.find()).as(name + " in INFO " + section).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void overMaxmemoryAllkeysLruEvictsAndNoevictionRefusesWritesWithOom() throws Exception {
        long budget = 64 * 1024;
        String value = "x".repeat(1000);
        try (KvServer lru = limited(budget, EvictionPolicy.ALLKEYS_LRU); Jedis j = new Jedis("127.0.0.1", lru.port())) {
            for (int i = 0; i < 500; i++) {
                assertThat(j.set("m" + i, value)).isEqualTo("OK");
            }
            assertThat(j.get("m499")).isEqualTo(value);
            assertThat(j.dbSize()).isBetween(1L, 499L);
            assertThat(infoField(j, "stats", "evicted_keys")).isEqualTo(500 - j.dbSize());
            assertThat(infoField(j, "memory", "used_memory")).isLessThanOrEqualTo(budget);
        }
        try (KvServer refusing = limited(budget, EvictionPolicy.NOEVICTION); Jedis j = new Jedis("127.0.0.1", refusing.port())) {
            int stored = 0;
            String refusal = null;
            while (refusal == null && stored < 500) {
                try {
                    j.set("n" + stored, value);
                    stored++;
                } catch (JedisDataException e) {
                    refusal = e.getMessage();
                }
            }
            assertThat(refusal).isEqualTo("OOM command not allowed when used memory > 'maxmemory'.");
            assertThat(stored).as("writes that fit the budget").isBetween(10, 499);
            assertThat(j.get("n0")).isEqualTo(value); // reads go on
            assertThat(j.del("n0")).isEqualTo(1);
            assertThat(j.set("fits again", value)).isEqualTo("OK");
        }
    }

    @Test
    void withRequirepassEveryCommandBeforeAuthIsRefused() throws Exception {
        try (KvServer secured = EveryTransport.Servers.started(transport, c -> c.requirepass = "s3cret")) {
            int p = secured.port();
            try (Jedis j = new Jedis("127.0.0.1", p)) {
                assertThatThrownBy(j::ping).hasMessage("NOAUTH Authentication required.");
                assertThatThrownBy(() -> j.get("x")).hasMessage("NOAUTH Authentication required.");
                assertThatThrownBy(() -> j.auth("wrong")).hasMessageStartingWith("WRONGPASS");
                assertThatThrownBy(() -> j.set("x", "1")).hasMessage("NOAUTH Authentication required.");
                assertThat(j.auth("s3cret")).isEqualTo("OK");
                assertThat(j.set("x", "1")).isEqualTo("OK");
                assertThat(j.get("x")).isEqualTo("1");
            }
            try (Jedis j = new Jedis("127.0.0.1", p)) {
                assertThat(j.auth("default", "s3cret")).isEqualTo("OK");
                assertThat(j.ping()).isEqualTo("PONG");
            }
        }
        try (Jedis j = client()) {
            assertThatThrownBy(() -> j.auth("x")).hasMessageStartingWith("ERR AUTH <password> called without any password");
        }
    }
}
