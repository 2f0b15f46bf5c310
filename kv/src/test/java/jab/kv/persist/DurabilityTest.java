package jab.kv.persist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import jab.kv.server.EveryTransport;
import jab.kv.server.KvServer;
import jab.kv.server.ServerConfig;
import jab.kv.server.Transport;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.SetParams;

/**
 * Persistence against real faults: a kill -9 under write load, a torn log, a damaged snapshot, a full
 * disk, a bad --dir; on each transport, the child servers that are killed too.
 */
@EveryTransport
class DurabilityTest {
    @Parameter
    Transport transport;

    @TempDir
    Path dir;

    private final List<String> log = new ArrayList<>();

    private KvServer server(boolean appendOnly) throws Exception {
        ServerConfig c = config(appendOnly);
        c.persistence.save = List.of();
        c.ioThreads = 1;
        KvServer s = new KvServer(c);
        s.start();
        return s;
    }

    /** Writes key:0, key:1, ... until the server stops answering; returns how many it acknowledged. */
    private static int writeUntilGone(int port) {
        int acked = 0;
        try (Jedis j = new Jedis("127.0.0.1", port)) {
            for (int i = 0; ; i++) {
                if ("OK".equals(j.set("key:" + i, "value:" + i))) {
                    acked = i + 1;
                }
            }
        } catch (JedisConnectionException gone) {
            return acked;
        }
    }

    @Test
    void everyAcknowledgedWriteSurvivesKillNineUnderAppendfsyncAlways() throws Exception {
        int acked;
        try (ChildServer child = ChildServer.start(dir, "always", 0, transport)) {
            try (Jedis j = new Jedis("127.0.0.1", child.port)) {
                assertThat(j.info("server")).as("the child's transport").contains("multiplexing_api:" + transport.label());
            }
            Thread killer = new Thread(() -> {
                try {
                    Thread.sleep(1500);
                    child.kill9();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            killer.start();
            acked = writeUntilGone(child.port);
            killer.join();
        }
        assertThat(acked).as("writes acknowledged before the kill").isGreaterThan(50);
        try (KvServer again = server(true); Jedis j = new Jedis("127.0.0.1", again.port())) {
            for (int i = 0; i < acked; i++) {
                assertThat(j.get("key:" + i)).as("acknowledged write %d of %d", i, acked).isEqualTo("value:" + i);
            }
        }
    }

    @Test
    void aTornTailIsCutToTheLastWholeRecordWithAMessage() throws Exception {
        try (KvServer s = server(true); Jedis j = new Jedis("127.0.0.1", s.port())) {
            j.set("a", "1");
            j.set("b", "2");
        }
        Path aof = dir.resolve("appendonly.aof");
        long whole = Files.size(aof);
        Files.write(aof, "*3\r\n$3\r\nSET\r\n$5\r\nto".getBytes(StandardCharsets.US_ASCII), java.nio.file.StandardOpenOption.APPEND);
        try (KvServer s = server(true); Jedis j = new Jedis("127.0.0.1", s.port())) {
            assertThat(j.get("a")).isEqualTo("1");
            assertThat(j.get("b")).isEqualTo("2");
            assertThat(j.dbSize()).isEqualTo(2);
            assertThat(log).anyMatch(m -> m.contains("a record cut short at byte " + whole));
            j.set("c", "3"); // appended after the cut, not after the garbage
        }
        try (KvServer s = server(true); Jedis j = new Jedis("127.0.0.1", s.port())) {
            assertThat(j.mget("a", "b", "c")).containsExactly("1", "2", "3");
        }
    }

    @Test
    void aWholeRecordJabNeverWritesIsDamageInsideTheLogAndRefused() throws Exception {
        Path aof = dir.resolve("appendonly.aof");
        byte[] log = "*3\r\n$3\r\nSET\r\n$1\r\na\r\n$1\r\n1\r\n*2\r\n$4\r\nECHO\r\n$1\r\nx\r\n".getBytes(StandardCharsets.US_ASCII);
        Files.write(aof, log);
        KvServer refused = new KvServer(config(true));
        assertThatThrownBy(refused::start).isInstanceOf(IOException.class)
                .hasMessageContaining("record 2 ending at byte " + log.length + " is a record jab does not write: ECHO");
        refused.close();
        assertThat(Files.readAllBytes(aof)).isEqualTo(log);
    }

    @Test
    void aDamagedSnapshotIsRefusedAndKeptAsItWas() throws Exception {
        try (KvServer s = server(false); Jedis j = new Jedis("127.0.0.1", s.port())) {
            for (int i = 0; i < 100; i++) {
                j.set("k" + i, "v" + i);
            }
            assertThat(j.save()).isEqualTo("OK");
        }
        Path dump = dir.resolve("dump.rdb");
        byte[] bytes = Files.readAllBytes(dump);
        int at = new String(bytes, StandardCharsets.ISO_8859_1).indexOf("v50");
        bytes[at + 1] = '9'; // v50 becomes v90: the length still fits, only the checksum can tell
        Files.write(dump, bytes);
        KvServer refused = new KvServer(config(false));
        assertThatThrownBy(refused::start).isInstanceOf(IOException.class)
                .hasMessageContaining("is not a whole jab snapshot").hasMessageContaining("CRC32C");
        refused.close();
        assertThat(Files.readAllBytes(dump)).isEqualTo(bytes);
    }

    private ServerConfig config(boolean appendOnly) {
        PersistenceConfig p = new PersistenceConfig();
        p.dir = dir;
        p.appendOnly = appendOnly;
        ServerConfig c = EveryTransport.Servers.config(transport);
        c.persistence = p;
        c.log = log::add;
        return c;
    }

    @Test
    void expiryDeadlinesSurviveARestartFromTheLogAndFromASnapshot() throws Exception {
        try (KvServer s = server(true); Jedis j = new Jedis("127.0.0.1", s.port())) {
            j.set("logged", "v", SetParams.setParams().ex(1000));
            j.set("gone", "v", SetParams.setParams().px(50));
            j.set("counter", "1");
            j.expire("counter", 2000);
            j.incr("counter");
            Thread.sleep(100);
        }
        try (KvServer s = server(true); Jedis j = new Jedis("127.0.0.1", s.port())) {
            assertThat(j.ttl("logged")).isBetween(990L, 1000L);
            assertThat(j.ttl("counter")).isBetween(1990L, 2000L);
            assertThat(j.get("counter")).isEqualTo("2");
            assertThat(j.exists("gone")).isFalse();
            assertThat(j.save()).isEqualTo("OK");
        }
        Files.delete(dir.resolve("appendonly.aof"));
        try (KvServer s = server(false); Jedis j = new Jedis("127.0.0.1", s.port())) {
            assertThat(j.ttl("logged")).isBetween(990L, 1000L);
            assertThat(j.get("counter")).isEqualTo("2");
        }
    }

    @Test
    void bgrewriteaofShrinksTheLogToOneRecordPerKey() throws Exception {
        Path aof = dir.resolve("appendonly.aof");
        try (KvServer s = server(true); Jedis j = new Jedis("127.0.0.1", s.port())) {
            for (int i = 0; i < 2000; i++) {
                j.set("same", "value " + i);
            }
            j.set("other", "x");
            long before = Long.parseLong(field(j.info("persistence"), "aof_current_size"));
            assertThat(j.bgrewriteaof()).contains("rewriting started");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!field(j.info("persistence"), "aof_rewrites").equals("1") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            long after = Long.parseLong(field(j.info("persistence"), "aof_current_size"));
            assertThat(after).isLessThan(before / 100);
            j.set("later", "y");
        }
        assertThat(Files.size(aof)).isLessThan(200);
        try (KvServer s = server(true); Jedis j = new Jedis("127.0.0.1", s.port())) {
            assertThat(j.mget("same", "other", "later")).containsExactly("value 1999", "x", "y");
        }
    }

    private static String field(String info, String name) {
        for (String line : info.split("\r\n")) {
            if (line.startsWith(name + ":")) {
                return line.substring(name.length() + 1);
            }
        }
        throw new AssertionError(name + " not in INFO: " + info);
    }

    @Test
    void aDirThatCannotBeADirectoryIsRefusedBeforeAnythingListens() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        PersistenceConfig p = new PersistenceConfig();
        p.dir = file.resolve("sub");
        ServerConfig c = EveryTransport.Servers.config(transport);
        c.persistence = p;
        KvServer s = new KvServer(c);
        assertThatThrownBy(s::start).isInstanceOf(Persistence.Unusable.class)
                .hasMessageContaining("--dir " + file.resolve("sub") + " is not a directory jab can write to");
        s.close();
    }

    /**
     * A full disk, made with ulimit -f (a file-size limit the JVM meets as EFBIG, as a full disk is
     * ENOSPC: the same failed write): writes get MISCONF, reads go on, and the log replays whole.
     * Both writers: the mapped one (everysec) and the positional one (always).
     */
    @ParameterizedTest
    @ValueSource(strings = {"everysec", "always"})
    void aFullDiskRefusesWritesWithMisconfKeepsReadsAndLeavesNoHalfRecord(String fsync) throws Exception {
        int acked = 0;
        String value = "x".repeat(1000);
        try (ChildServer child = ChildServer.start(dir, fsync, 12 * 1024, transport); Jedis j = new Jedis("127.0.0.1", child.port)) {
            String refusal = null;
            for (int i = 0; i < 40_000 && refusal == null; i++) {
                try {
                    j.set("key:" + i, value);
                    acked = i + 1;
                } catch (JedisDataException e) {
                    refusal = e.getMessage();
                }
            }
            assertThat(refusal).startsWith("MISCONF Errors writing to the AOF file");
            assertThat(j.get("key:0")).isEqualTo(value);
            assertThat(field(j.info("persistence"), "aof_last_write_status")).isEqualTo("err");
            assertThatThrownBy(() -> j.set("again", value)).hasMessageStartingWith("MISCONF"); // each write tries again, and fails again
        }
        try (KvServer s = server(true); Jedis j = new Jedis("127.0.0.1", s.port())) {
            assertThat(j.dbSize()).isEqualTo(acked);
            assertThat(j.get("key:" + (acked - 1))).isEqualTo(value);
            assertThat(j.exists("again")).isFalse();
        }
    }
}
