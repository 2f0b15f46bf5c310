package jab.kv.server;

import static jab.kv.server.Wire.command;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;

/**
 * A bounded fuzzer against a real server over sockets: a few thousand inputs from {@link RespFuzzer}
 * (seed and count: -Djab.fuzz.seed, -Djab.fuzz.inputs), a quarter of them to a server with a password.
 * Every answer must be well-formed RESP with no error line long enough to echo an argument whole,
 * and well-formed commands get exactly one reply each; the server must still answer PING; and what
 * it holds afterwards must stay under a bound. The default transport gets every input; the others a
 * third of them (the first third, the same inputs), which still covers each kind of input many times
 * and keeps the module's test time down: the parser is the same on every transport, only the reads
 * and writes under it differ.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@EveryTransport
class RespFuzzTest {
    private static final long SEED = Long.getLong("jab.fuzz.seed", 15);
    private static final int ALL_INPUTS = Integer.getInteger("jab.fuzz.inputs", 3000);
    private static final int THREADS = 8;
    /** Long enough for the server to answer what it can, short enough for thousands of inputs in seconds. */
    private static final int QUIET_MILLIS = 25;
    private static final int LONGEST_ERROR = 512;
    private static final long HEAP_BOUND = 64L * 1024 * 1024;

    @Parameter
    Transport transport;

    @Test
    void theServerSurvivesHostileInputAndStaysSmall() throws Exception {
        int inputs = transport == Transport.auto() ? ALL_INPUTS : ALL_INPUTS / 3;
        ServerConfig open = EveryTransport.Servers.config(transport);
        ServerConfig locked = EveryTransport.Servers.config(transport);
        locked.requirepass = "s3cret";
        try (KvServer server = new KvServer(open); KvServer secured = new KvServer(locked)) {
            server.start();
            secured.start();
            long before = HostileInputTest.liveHeap();
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int first = t;
                workers.add(pool.submit(() -> {
                    for (int i = first; i < inputs; i += THREADS) {
                        RespFuzzer.Input input = RespFuzzer.input(new Random(SEED * 1_000_003 + i));
                        boolean toSecured = i % 4 == 0;
                        if (toSecured || input.commands < 0) {
                            String answer = Wire.exchange((toSecured ? secured : server).port(), input.bytes, QUIET_MILLIS).text;
                            assertThat(RespReplies.count(answer, LONGEST_ERROR))
                                    .as("input %d (seed %d) got a malformed answer: %s", i, SEED, answer).isNotNegative();
                        } else {
                            // well-formed commands, then QUIT: one reply each, so none can have forged a second
                            byte[] bytes = Wire.bytes(new String(input.bytes, StandardCharsets.ISO_8859_1) + command("QUIT"));
                            Wire.Answer answer = Wire.exchange(server.port(), bytes, 5000);
                            assertThat(RespReplies.count(answer.text, LONGEST_ERROR)).as("replies to input %d (seed %d): %s", i, SEED, answer)
                                    .isEqualTo(input.commands + 1);
                            assertThat(answer.closed).isTrue();
                        }
                        if (i % 500 < THREADS) {
                            assertThat(ping(server.port())).as("PING after input %d", i).isEqualTo("+PONG\r\n+OK\r\n");
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> w : workers) {
                w.get();
            }
            pool.shutdown();
            assertThat(ping(server.port())).isEqualTo("+PONG\r\n+OK\r\n");
            Wire.exchange(server.port(), Wire.bytes(command("FLUSHALL") + command("QUIT")), 2000); // what the fuzz stored
            assertThat(HostileInputTest.liveHeap() - before).as("heap held after the fuzz").isLessThan(HEAP_BOUND);
        }
    }

    private static String ping(int port) throws java.io.IOException {
        return Wire.exchange(port, Wire.bytes(command("PING") + command("QUIT")), 2000).text;
    }
}
