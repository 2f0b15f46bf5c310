package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.family.Profile;
import jab.kv.load.RespClient;

/** Both servers of the side by side persist alike, with Redis's option words. */
class DurabilityTest {
    @TempDir
    Path tmp;

    @Test
    void bothServersGetRedisWordsAndOffIsRedisWithoutPersistence() {
        Path dir = Path.of("/d");
        assertThat(Durability.OFF.jabArgs(dir)).isEmpty();
        assertThat(Durability.OFF.redisArgs(dir)).containsExactly("--save", "", "--appendonly", "no");
        assertThat(Durability.AOF_ALWAYS.jabArgs(dir)).isEqualTo(Durability.AOF_ALWAYS.redisArgs(dir))
                .containsExactly("--dir", "/d", "--appendonly", "yes", "--appendfsync", "always", "--save", "");
        assertThat(Durability.AOF_EVERYSEC.redisArgs(dir)).contains("everysec");
        assertThat(Durability.of(Profile.SMOKE)).containsExactly(Durability.OFF, Durability.AOF_EVERYSEC);
        assertThat(Durability.of(Profile.DEFAULT)).as("the headline only: a default run stays short").containsExactly(Durability.OFF);
        assertThat(Durability.of(Profile.THOROUGH)).containsExactly(Durability.values());
        assertThat(Durability.AOF_ALWAYS.requests(100_000)).isEqualTo(25_000);
        assertThat(Durability.AOF_EVERYSEC.requests(100_000)).isEqualTo(100_000);
    }

    @Test
    void aJabServerStartedAlwaysWritesItsAppendOnlyFileIntoItsFolder() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("aof"));
        try (ServerProcess jab = KvEndToEnd.startJab(List.of(), Durability.AOF_ALWAYS.jabArgs(dir));
             RespClient c = new RespClient("127.0.0.1", jab.port)) {
            c.command("SET", "durable", "yes");
            c.flush();
            assertThat(c.readReply()).isTrue();
            assertThat(dir.resolve("appendonly.aof")).exists();
            assertThat(Files.readString(dir.resolve("appendonly.aof"), java.nio.charset.StandardCharsets.ISO_8859_1)).contains("durable");
        }
    }
}
