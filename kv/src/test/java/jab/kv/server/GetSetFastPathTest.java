package jab.kv.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * GET and SET taken straight from the bytes ({@link GetSetFastPath}) answer as the general parser
 * does: whatever the case of the name, split anywhere over reads, and where the fast path declines
 * (long keys, odd lengths, missing CRLF) the parser's answer stands.
 */
@EveryTransport
class GetSetFastPathTest {
    static KvServer server;
    static int port;

    @Parameter
    Transport transport;

    @BeforeParameterizedClassInvocation
    static void start(Transport transport) throws Exception {
        server = EveryTransport.Servers.started(transport, c -> { });
        port = server == null ? 0 : server.port();
    }

    @AfterParameterizedClassInvocation
    static void stop() {
        if (server != null) { // null on a transport that cannot run here
            server.close();
        }
    }

    private static String command(String... words) {
        StringBuilder b = new StringBuilder("*" + words.length + "\r\n");
        for (String w : words) {
            b.append('$').append(w.length()).append("\r\n").append(w).append("\r\n");
        }
        return b.toString();
    }

    @Test
    void setThenGetInAnyCaseAndAMissingKey() throws IOException {
        String in = command("set", "fk", "hello") + command("GeT", "fk") + command("GET", "fk-missing")
                + command("SET", "", "empty key") + command("get", "");
        assertThat(Wire.exchange(port, Wire.bytes(in), 500).text).isEqualTo("+OK\r\n$5\r\nhello\r\n$-1\r\n+OK\r\n$9\r\nempty key\r\n");
    }

    @Test
    void aPipelineSplitIntoSevenByteWritesGetsEveryReplyInOrder() throws Exception {
        StringBuilder in = new StringBuilder();
        StringBuilder want = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            in.append(command("SET", "split:" + i, "v" + i)).append(command("GET", "split:" + i));
            want.append("+OK\r\n$").append(("v" + i).length()).append("\r\nv").append(i).append("\r\n");
        }
        byte[] bytes = Wire.bytes(in.toString());
        byte[] expected = want.toString().getBytes(StandardCharsets.US_ASCII);
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setTcpNoDelay(true);
            s.setSoTimeout(5000);
            OutputStream o = s.getOutputStream();
            for (int at = 0; at < bytes.length; at += 7) {
                o.write(bytes, at, Math.min(7, bytes.length - at));
                o.flush();
                if (at % 700 == 0) {
                    Thread.sleep(1); // let some pieces arrive alone
                }
            }
            InputStream r = s.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            while (got.size() < expected.length) {
                byte[] b = new byte[4096];
                int n = r.read(b);
                if (n < 0) {
                    break;
                }
                got.write(b, 0, n);
            }
            assertThat(got.toString(StandardCharsets.US_ASCII)).isEqualTo(want.toString());
        }
    }

    @Test
    void whatTheFastPathDeclinesTheParserAnswers() throws IOException {
        String longKey = "k".repeat(GetSetFastPath.MAX_KEY + 1);
        String longValue = "v".repeat(GetSetFastPath.MAX_VALUE + 1);
        String in = command("SET", longKey, longValue) + command("GET", longKey)
                + command("SET", "opt", "1", "PX", "100000") + command("GET", "opt");
        assertThat(Wire.exchange(port, Wire.bytes(in), 500).text)
                .isEqualTo("+OK\r\n$" + longValue.length() + "\r\n" + longValue + "\r\n+OK\r\n$1\r\n1\r\n");
        // a length with a leading zero and a key without its CRLF: whatever the parser says, as before
        assertThat(Wire.exchange(port, Wire.bytes("*2\r\n$3\r\nGET\r\n$2\r\nfkXY"), 500).text)
                .isEqualTo("-ERR Protocol error: expected CRLF after bulk\r\n");
    }

    /** Replies larger than the socket takes at once: what the direct write leaves, Netty writes after it, in order. */
    @Test
    void repliesLargerThanTheSocketTakesArriveWholeAndInOrder() throws IOException {
        String big = "b".repeat(6 * 1024 * 1024);
        String in = command("SET", "big", big) + command("GET", "big") + command("GET", "fk-none") + command("GET", "big")
                + command("PING");
        String want = "+OK\r\n$" + big.length() + "\r\n" + big + "\r\n$-1\r\n$" + big.length() + "\r\n" + big + "\r\n+PONG\r\n";
        assertThat(Wire.exchange(port, Wire.bytes(in), 1000).text).isEqualTo(want);
    }

    @Test
    void withAPasswordGetAndSetBeforeAuthAreRefused() throws Exception {
        ServerConfig c = EveryTransport.Servers.config(transport);
        c.requirepass = "pw";
        try (KvServer locked = new KvServer(c)) {
            int p = locked.start();
            assertThat(Wire.exchange(p, Wire.bytes(command("SET", "a", "b") + command("GET", "a")), 500).text)
                    .isEqualTo("-NOAUTH Authentication required.\r\n-NOAUTH Authentication required.\r\n");
        }
    }
}
