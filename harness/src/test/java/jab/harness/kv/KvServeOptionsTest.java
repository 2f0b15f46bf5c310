package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.Jab;
import jab.harness.JabRunner;
import jab.harness.UsageException;

/** {@code jab kv serve}'s refusals, all exit 2 with a message and nothing left listening, and where its password comes from. */
class KvServeOptionsTest {
    @TempDir
    Path tmp;

    private static void refused(String why, String... args) {
        JabRunner r = JabRunner.run(args);
        assertThat(r.exitCode).as(String.join(" ", args)).isEqualTo(Jab.EXIT_USAGE);
        assertThat(r.err).contains(why).doesNotContain("Exception");
    }

    @Test
    void anEmptyPasswordIsRefused() {
        refused("--requirepass is empty", "kv", "serve", "--port", "0", "--requirepass", "");
    }

    @Test
    void anAddressThatIsNoneIsRefused() {
        refused("--bind 999.1.1.1: not an address", "kv", "serve", "--port", "0", "--bind", "999.1.1.1");
    }

    @Test
    void aPortInUseIsRefused() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            refused("cannot listen on 127.0.0.1:" + taken.getLocalPort(), "kv", "serve", "--port", Integer.toString(taken.getLocalPort()));
        }
    }

    @Test
    void anUnknownTransportIsRefusedWithTheOnesThatExist() {
        refused("--transport must be epoll, io_uring or nio, got kqueue", "kv", "serve", "--port", "0", "--transport", "kqueue");
    }

    @Test
    void everyInterfaceWithoutAPasswordNeedsProtectedModeNo() {
        refused("--protected-mode no", "kv", "serve", "--port", "0", "--bind", "0.0.0.0");
        refused("--protected-mode must be yes or no", "kv", "serve", "--port", "0", "--protected-mode", "off");
        ServeAuth.checkExposure(InetAddress.getLoopbackAddress(), null, true);
        ServeAuth.checkExposure(anyAddress(), "pw", true);
        ServeAuth.checkExposure(anyAddress(), null, false);
    }

    private static InetAddress anyAddress() {
        return new InetSocketAddress(0).getAddress();
    }

    @Test
    void limitsAreRedisSizesWithinRedisAndJavaBounds() {
        assertThat(MemorySizes.bytes("512mb", "x")).isEqualTo(512L << 20);
        assertThat(MemorySizes.bytes("1gb", "x")).isEqualTo(1L << 30);
        assertThat(MemorySizes.bytes("64k", "x")).isEqualTo(64_000);
        assertThat(MemorySizes.bytes("2048", "x")).isEqualTo(2048);
        assertThatThrownBy(() -> MemorySizes.bytes("1.5gb", "x")).isInstanceOf(UsageException.class);
        refused("--proto-max-bulk-len must be at least 1mb", "kv", "serve", "--port", "0", "--proto-max-bulk-len", "64kb");
        refused("Java's largest array", "kv", "serve", "--port", "0", "--proto-max-bulk-len", "4gb");
        refused("--client-query-buffer-limit must be at least 1mb", "kv", "serve", "--port", "0", "--client-query-buffer-limit", "1000");
    }

    @Test
    void persistenceAndMemoryOptionsTakeRedisWordsOnly() throws Exception {
        refused("--appendonly must be yes or no", "kv", "serve", "--port", "0", "--appendonly", "true");
        refused("--appendfsync must be always, everysec or no", "kv", "serve", "--port", "0", "--appendfsync", "sometimes");
        refused("--save takes \"SECONDS CHANGES\"", "kv", "serve", "--port", "0", "--save", "60");
        refused("--save takes \"SECONDS CHANGES\" with SECONDS >= 1", "kv", "serve", "--port", "0", "--save", "0 10");
        refused("--maxmemory-policy must be noeviction, allkeys-lru or allkeys-random", "kv", "serve", "--port", "0",
                "--maxmemory-policy", "volatile-lru");
        refused("--maxmemory must look like 512mb", "kv", "serve", "--port", "0", "--maxmemory", "lots");
        refused("--dbfilename must be a plain file name", "kv", "serve", "--port", "0", "--dir", tmp.toString(), "--dbfilename", "../x");
        Path file = Files.writeString(tmp.resolve("file"), "x");
        refused("is not a directory jab can write to", "kv", "serve", "--port", "0", "--dir", file.resolve("sub").toString());
        assertThat(persistence()).isNull();
        assertThat(persistence("--save", "900 1 300 10", "--save", "60 10000").save).extracting(Object::toString)
                .containsExactly("900 1", "300 10", "60 10000");
        assertThat(persistence("--dir", tmp.toString(), "--appendonly", "yes", "--save", "").save).isEmpty();
    }

    /** The persistence options alone, parsed by picocli as serve parses them, and checked. */
    private static jab.kv.persist.PersistenceConfig persistence(String... args) {
        ServePersistence options = new ServePersistence();
        new picocli.CommandLine(options).parseArgs(args);
        return options.config();
    }

    @Test
    void aDamagedSnapshotIsRefusedWithExitTwoAndKept() throws Exception {
        byte[] damaged = "*2\r\n$11\r\nJABSNAPSHOT\r\n$1\r\n1\r\n*3\r\n$3\r\nSET\r\n$1\r\nk".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Path dump = Files.write(tmp.resolve("dump.rdb"), damaged);
        refused("is not a whole jab snapshot", "kv", "serve", "--port", "0", "--dir", tmp.toString());
        assertThat(Files.readAllBytes(dump)).isEqualTo(damaged);
    }

    @Test
    void thePasswordCanComeFromAFileOrTheEnvironment() throws Exception {
        Path file = Files.writeString(tmp.resolve("pw"), "from file\n");
        assertThat(ServeAuth.password(null, file, Map.of())).isEqualTo("from file");
        assertThat(ServeAuth.password(null, null, Map.of(ServeAuth.ENV, "from env"))).isEqualTo("from env");
        assertThat(ServeAuth.password("given", null, Map.of(ServeAuth.ENV, "from env"))).isEqualTo("given");
        assertThat(ServeAuth.password(null, null, Map.of())).isNull();
        assertThatThrownBy(() -> ServeAuth.password(null, null, Map.of(ServeAuth.ENV, ""))).hasMessageContaining("is empty");
        assertThatThrownBy(() -> ServeAuth.password(null, Files.writeString(tmp.resolve("empty"), "\n"), Map.of()))
                .hasMessageContaining("is empty");
        assertThatThrownBy(() -> ServeAuth.password(null, Files.writeString(tmp.resolve("two"), "a\nb\n"), Map.of()))
                .hasMessageContaining("one line");
        assertThatThrownBy(() -> ServeAuth.password(null, tmp.resolve("missing"), Map.of())).hasMessageContaining("cannot read");
        assertThatThrownBy(() -> ServeAuth.password("x", file, Map.of())).hasMessageContaining("not both");
    }
}
