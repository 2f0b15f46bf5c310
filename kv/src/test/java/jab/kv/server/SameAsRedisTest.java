package jab.kv.server;

import static jab.kv.server.Wire.command;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile and edge input, byte for byte: each case's bytes go to jab's server and get the answer
 * Redis 7.0.15 gives (written down here, so the jab side runs without Redis), and the same bytes go
 * to a real redis-server, when one is installed, to show that the written answer is Redis's.
 * Most cases end with QUIT: its +OK and the close show that the stream stayed in step. jab's side
 * runs on every transport ({@link Jab}); Redis's once.
 */
class SameAsRedisTest {
    private static final String PASSWORD = "s3cret";
    private static final String QUIT = command("QUIT");
    private static final String OK = "+OK\r\n";

    static RedisServer redis;
    static RedisServer redisWithPassword;

    @BeforeAll
    static void start() throws Exception {
        Optional<Path> r = RedisServer.find();
        if (r.isPresent()) {
            redis = RedisServer.start(r.get());
            redisWithPassword = RedisServer.start(r.get(), "--requirepass", PASSWORD);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        closeAll(redis, redisWithPassword);
    }

    private static void closeAll(AutoCloseable... servers) throws Exception {
        for (AutoCloseable c : servers) {
            if (c != null) {
                c.close();
            }
        }
    }

    /** One input and Redis's answer to it. */
    static final class Case {
        final String name;
        final boolean password;
        final String input;
        final String reply;
        final boolean closed;

        Case(String name, boolean password, String input, String reply, boolean closed) {
            this.name = name;
            this.password = password;
            this.input = input;
            this.reply = reply;
            this.closed = closed;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Answered, then QUIT: +OK and closed. */
    private static Case inStep(String name, String input, String reply) {
        return new Case(name, false, input + QUIT, reply + OK, true);
    }

    private static Case protocolError(String name, boolean password, String input, String error) {
        return new Case(name, password, input, "-ERR Protocol error: " + error + "\r\n", true);
    }

    static Stream<Case> cases() {
        String expireError = "-ERR invalid expire time in 'expire' command\r\n";
        String setExpireError = "-ERR invalid expire time in 'set' command\r\n";
        return Stream.of(
                inStep("an argument with CR/LF gets one error line", command("CLIENT", "x\r\n+OK") + command("PING"),
                        "-ERR unknown subcommand 'x  +OK'. Try CLIENT HELP.\r\n+PONG\r\n"),
                inStep("CONFIG too", command("CONFIG", "x\r\n+OK") + command("PING"),
                        "-ERR unknown subcommand 'x  +OK'. Try CONFIG HELP.\r\n+PONG\r\n"),
                inStep("MEMORY PURGE returns memory and answers OK", command("MEMORY", "PURGE"), "+OK\r\n"),
                inStep("MEMORY knows no other subcommand here", command("MEMORY", "x\r\n+OK") + command("PING"),
                        "-ERR unknown subcommand 'x  +OK'. Try MEMORY HELP.\r\n+PONG\r\n"),
                inStep("a 1 MiB argument is quoted to 128 bytes", command("CLIENT", "a".repeat(1 << 20)),
                        "-ERR unknown subcommand '" + "a".repeat(128) + "'. Try CLIENT HELP.\r\n"),
                inStep("an argument is quoted up to a NUL", command("CLIENT", "\u0001\u0002\u0000zz\u00ff"),
                        "-ERR unknown subcommand '\u0001\u0002'. Try CLIENT HELP.\r\n"),
                inStep("an unknown command quotes 128 bytes of its arguments", command("FOO\r\nx", "a\r\nb", "c".repeat(200), "d"),
                        "-ERR unknown command 'FOO  x', with args beginning with: 'a  b' '" + "c".repeat(121) + "' \r\n"),
                inStep("CLIENT without a subcommand", command("CLIENT"), "-ERR wrong number of arguments for 'client' command\r\n"),
                inStep("EXPIRE times that overflow are errors, not short TTLs",
                        command("SET", "k", "v") + command("EXPIRE", "k", "-9223372036854775807") + command("EXPIRE", "k", "9223372036854775")
                                + command("PEXPIRE", "k", "9223372036854775807") + command("TTL", "k"),
                        OK + expireError + expireError + "-ERR invalid expire time in 'pexpire' command\r\n:-1\r\n"),
                inStep("a PEXPIRE far in the past deletes", command("SET", "k2", "v") + command("PEXPIRE", "k2", "-9223372036854775807")
                        + command("EXISTS", "k2"), OK + ":1\r\n:0\r\n"),
                inStep("SET expiry times that overflow or are not positive are errors",
                        command("SET", "k", "v", "PX", "9223372036854775807") + command("SET", "k", "v", "EX", "9223372036854775")
                                + command("SET", "k", "v", "EX", "0") + command("SET", "k", "v", "PX", "-1"),
                        setExpireError + setExpireError + setExpireError + setExpireError),
                inStep("FLUSHALL and FLUSHDB take ASYNC or SYNC only",
                        command("SET", "f", "1") + command("FLUSHALL", "garbage") + command("FLUSHDB", "garbage")
                                + command("FLUSHDB", "ASYNC", "x") + command("EXISTS", "f") + command("FLUSHALL", "SYNC")
                                + command("SET", "f", "1") + command("FLUSHDB", "async") + command("EXISTS", "f"),
                        OK + "-ERR syntax error\r\n-ERR syntax error\r\n-ERR syntax error\r\n:1\r\n" + OK + OK + OK + ":0\r\n"),
                inStep("INCR at the edge of 64 bits", command("SET", "n", "9223372036854775807") + command("INCR", "n")
                        + command("INCRBY", "n", "-9223372036854775808"), OK + "-ERR increment or decrement would overflow\r\n:-1\r\n"),
                inStep("SELECT with a number over 64 bits", command("SELECT", "99999999999999999999"),
                        "-ERR value is not an integer or out of range\r\n"),
                inStep("empty and null arrays are skipped", "*0\r\n*-1\r\n" + command("PING"), "+PONG\r\n"),
                protocolError("a multibulk length over 64 bits", false, "*9999999999999999999\r\nPING\r\n", "invalid multibulk length"),
                protocolError("a multibulk length over INT_MAX", false, "*2147483648\r\n", "invalid multibulk length"),
                protocolError("a multibulk length with a leading zero", false, "*01\r\n$4\r\nPING\r\n", "invalid multibulk length"),
                protocolError("a bulk length with a leading zero", false, "*1\r\n$04\r\nPING\r\n", "invalid bulk length"),
                protocolError("a bulk length over 64 bits", false, "*1\r\n$99999999999999999999\r\n", "invalid bulk length"),
                protocolError("a negative bulk length", false, "*1\r\n$-1\r\n", "invalid bulk length"),
                protocolError("a bulk over proto-max-bulk-len", false, "*1\r\n$536870913\r\n", "invalid bulk length"),
                protocolError("a wrong type inside an array", false, "*1\r\n:5\r\n", "expected '$', got ':'"),
                protocolError("more than 10 arguments before AUTH", true, "*11\r\n", "unauthenticated multibulk length"),
                protocolError("an argument over 16384 bytes before AUTH", true, "*1\r\n$16385\r\n", "unauthenticated bulk length"),
                protocolError("a malformed length before AUTH is the ordinary error", true, "*x\r\n", "invalid multibulk length"),
                new Case("10 arguments of 16384 bytes are fine before AUTH", true,
                        "*10\r\n$4\r\nMSET\r\n" + "$1\r\na\r\n".repeat(9) + command("ECHO", "x".repeat(16384)) + QUIT,
                        "-NOAUTH Authentication required.\r\n-NOAUTH Authentication required.\r\n" + OK, true),
                new Case("after AUTH the small limits are gone", true, command("AUTH", PASSWORD) + command("a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a") + QUIT,
                        OK + "-ERR unknown command 'a', with args beginning with: " + "'a' ".repeat(10) + "\r\n" + OK, true),
                new Case("wrong passwords get WRONGPASS", true, command("AUTH", "no") + command("AUTH", "no") + command("AUTH", PASSWORD) + command("PING") + QUIT,
                        "-WRONGPASS invalid username-password pair or user is disabled.\r\n".repeat(2) + OK + "+PONG\r\n" + OK, true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void redisAnswersSo(Case c) throws Exception {
        assumeTrue(redis != null, "redis-server not found (PATH or JAB_REDIS_SERVER): the written answers are not checked against it");
        assertThat(Wire.exchange((c.password ? redisWithPassword : redis).port, Wire.bytes(c.input), 1000))
                .hasToString(new Wire.Answer(c.reply, c.closed).toString());
    }

    /** jab's server, with and without a password, on one transport per run. */
    @Nested
    @EveryTransport
    @TestInstance(TestInstance.Lifecycle.PER_CLASS) // lifecycle methods of an inner class cannot be static on Java 11
    class Jab {
        @Parameter
        Transport transport;

        KvServer jab;
        KvServer jabWithPassword;

        @BeforeParameterizedClassInvocation
        void start(Transport transport) throws Exception {
            jab = EveryTransport.Servers.started(transport, c -> { });
            jabWithPassword = EveryTransport.Servers.started(transport, c -> c.requirepass = PASSWORD);
        }

        @AfterParameterizedClassInvocation
        void stop() throws Exception {
            closeAll(jab, jabWithPassword);
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("jab.kv.server.SameAsRedisTest#cases")
        void jabAnswersAsRedis(Case c) throws Exception {
            assertThat(Wire.exchange((c.password ? jabWithPassword : jab).port(), Wire.bytes(c.input), 1000))
                    .hasToString(new Wire.Answer(c.reply, c.closed).toString());
        }
    }
}
