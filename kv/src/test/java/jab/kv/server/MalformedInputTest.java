package jab.kv.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

import jab.kv.server.Wire.Answer;

/**
 * Bad input on raw sockets: each case gets a Redis-worded error and a closed connection (or, where
 * Redis tolerates it, an error and a connection that keeps working), while another client that is
 * connected all along keeps being served.
 */
@EveryTransport
class MalformedInputTest {
    static KvServer server;
    static int port;
    static Socket bystander;

    @Parameter
    Transport transport;

    @BeforeParameterizedClassInvocation
    static void start(Transport transport) throws Exception {
        server = EveryTransport.Servers.started(transport, c -> c.protoMaxBulkLen = 1024 * 1024);
        if (server != null) {
            port = server.port();
            bystander = new Socket("127.0.0.1", port);
            bystander.setSoTimeout(5000);
        }
    }

    @AfterParameterizedClassInvocation
    static void stop() throws IOException {
        if (server != null) { // null on a transport that cannot run here
            bystander.close();
            server.close();
        }
    }

    private static Answer send(byte[] bytes) throws IOException {
        return Wire.exchange(port, bytes, 2000);
    }

    private static Answer send(String s) throws IOException {
        return send(Wire.bytes(s));
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
        Answer many = send("*2147483648\r\n"); // Redis takes up to INT_MAX arguments
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
        byte[] junk = new byte[RequestParser.MAX_LINE + 1];
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
