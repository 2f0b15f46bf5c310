package jab.kv.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bad input on raw sockets: each case gets a Redis-worded error and a closed connection (or, where
 * Redis tolerates it, an error and a connection that keeps working), while another client that is
 * connected all along keeps being served.
 */
class MalformedInputTest {
    static KvServer server;
    static int port;
    static Socket bystander;

    @BeforeAll
    static void start() throws Exception {
        ServerConfig c = new ServerConfig();
        c.port = 0;
        c.maxBulk = 1024 * 1024;
        c.maxInline = 4096;
        c.maxArgs = 1000;
        server = new KvServer(c);
        port = server.start();
        bystander = new Socket("127.0.0.1", port);
        bystander.setSoTimeout(5000);
    }

    @AfterAll
    static void stop() throws IOException {
        bystander.close();
        server.close();
    }

    /** Sends the bytes, then reads what the server answers until it closes (or 2 s of silence). */
    private static Answer send(byte[] bytes) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(2000);
            OutputStream o = s.getOutputStream();
            try {
                o.write(bytes);
                o.flush();
            } catch (IOException closedEarly) {
                // the server may close before it has read everything we send
            }
            InputStream in = s.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            boolean closed = false;
            try {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    got.write(buf, 0, n);
                }
                closed = true;
            } catch (SocketTimeoutException open) {
                closed = false;
            } catch (IOException reset) {
                closed = true;
            }
            return new Answer(got.toString(StandardCharsets.ISO_8859_1), closed);
        }
    }

    private static Answer send(String s) throws IOException {
        return send(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    static final class Answer {
        final String text;
        final boolean closed;

        Answer(String text, boolean closed) {
            this.text = text;
            this.closed = closed;
        }
    }

    private static void bystanderStillServed() throws IOException {
        OutputStream o = bystander.getOutputStream();
        o.write("*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
        o.flush();
        byte[] b = bystander.getInputStream().readNBytes(7);
        assertThat(new String(b, StandardCharsets.US_ASCII)).isEqualTo("+PONG\r\n");
    }

    @Test
    void anAbsurdBulkLengthIsAnErrorAndAClose() throws IOException {
        Answer a = send("*1\r\n$99999999999\r\n");
        assertThat(a.text).isEqualTo("-ERR Protocol error: invalid bulk length\r\n");
        assertThat(a.closed).isTrue();
        bystanderStillServed();
    }

    @Test
    void aBulkOverTheConfiguredLimitIsRefusedBeforeItsBytesArrive() throws IOException {
        Answer a = send("*2\r\n$3\r\nGET\r\n$" + (2 * 1024 * 1024) + "\r\nabc");
        assertThat(a.text).startsWith("-ERR Protocol error: invalid bulk length");
        assertThat(a.closed).isTrue();
        bystanderStillServed();
    }

    @Test
    void negativeAndGarbageLengthsAreErrors() throws IOException {
        assertThat(send("*1\r\n$-5\r\n").text).isEqualTo("-ERR Protocol error: invalid bulk length\r\n");
        assertThat(send("*1\r\n$x\r\n").text).isEqualTo("-ERR Protocol error: invalid bulk length\r\n");
        Answer many = send("*99999999\r\n");
        assertThat(many.text).isEqualTo("-ERR Protocol error: invalid multibulk length\r\n");
        assertThat(many.closed).isTrue();
        assertThat(send("*abc\r\n").text).isEqualTo("-ERR Protocol error: invalid multibulk length\r\n");
        bystanderStillServed();
    }

    @Test
    void aWrongTypeByteInsideAnArrayIsAnError() throws IOException {
        Answer a = send("*2\r\n:5\r\n$1\r\nx\r\n");
        assertThat(a.text).isEqualTo("-ERR Protocol error: expected '$', got ':'\r\n");
        assertThat(a.closed).isTrue();
        bystanderStillServed();
    }

    @Test
    void aBulkWithoutItsCrlfIsAnError() throws IOException {
        Answer a = send("*1\r\n$4\r\nPINGxx");
        assertThat(a.text).isEqualTo("-ERR Protocol error: expected CRLF after bulk\r\n");
        assertThat(a.closed).isTrue();
    }

    @Test
    void anEndlessInlineLineIsCutOff() throws IOException {
        byte[] junk = new byte[64 * 1024];
        Arrays.fill(junk, (byte) 'a');
        Answer a = send(junk);
        assertThat(a.text).isEqualTo("-ERR Protocol error: too big inline request\r\n");
        assertThat(a.closed).isTrue();
        bystanderStillServed();
    }

    @Test
    void binaryGarbageAsAnInlineCommandIsAnUnknownCommandAndTheConnectionLives() throws IOException {
        Answer a = send("\u0001\u0002garbage\r\n*-5\r\nPING\r\n");
        assertThat(a.text).startsWith("-ERR unknown command '\u0001\u0002garbage'").endsWith("+PONG\r\n");
        assertThat(a.closed).isFalse();
        bystanderStillServed();
    }

    @Test
    void inlineCommandsWork() throws IOException {
        Answer a = send("SET inl hello\r\nGET inl\r\nQUIT\r\n");
        assertThat(a.text).isEqualTo("+OK\r\n$5\r\nhello\r\n+OK\r\n");
        assertThat(a.closed).isTrue();
    }

    @Test
    void pipelinedRepliesComeBackInOrderInOneGo() throws IOException {
        StringBuilder req = new StringBuilder();
        StringBuilder want = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            req.append("*3\r\n$3\r\nSET\r\n$2\r\nk").append(i % 10).append("\r\n$1\r\n").append(i % 10).append("\r\n");
            req.append("*2\r\n$4\r\nINCR\r\n$3\r\nctr\r\n");
            want.append("+OK\r\n:").append(i + 1).append("\r\n");
        }
        req.append("*1\r\n$4\r\nQUIT\r\n");
        want.append("+OK\r\n");
        assertThat(send(req.toString()).text).isEqualTo(want.toString());
    }
}
