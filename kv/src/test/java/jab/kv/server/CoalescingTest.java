package jab.kv.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;

/**
 * When an event loop pauses to answer connections together, and that every client is still answered,
 * in order: on epoll with the pauses, on the other transports without them.
 */
@EveryTransport
class CoalescingTest {
    @Parameter
    Transport transport;

    @Test
    void pausesStartAfterABacklogAndLastWhileEachPauseGathersEnough() {
        Coalescing c = new Coalescing();
        assertThat(c.pauseAfter(1)).as("one connection at a time: no pause").isFalse();
        assertThat(c.pauseAfter(Coalescing.START - 1)).as("below the start").isFalse();
        assertThat(c.pauseAfter(Coalescing.KEEP)).as("enough to keep pausing, but pauses had not started").isFalse();
        assertThat(c.pauseAfter(Coalescing.START)).as("a backlog starts the pauses").isTrue();
        assertThat(c.pauseAfter(Coalescing.KEEP)).as("a pause that gathered enough").isTrue();
        assertThat(c.pauseAfter(Coalescing.KEEP - 1)).as("a pause that gathered too few ends them").isFalse();
        assertThat(c.pauseAfter(Coalescing.KEEP)).as("after the end, only a backlog starts them again").isFalse();
        assertThat(c.pauseAfter(0)).isFalse();
    }

    /** More clients than start the pauses, each sending at once, round after round: every reply comes, to the right client. */
    @Test
    void manyClientsSendingTogetherAreEachAnswered() throws Exception {
        int clients = Coalescing.START + 16;
        int rounds = 200;
        ServerConfig c = EveryTransport.Servers.config(transport);
        c.ioThreads = 1;
        try (KvServer server = new KvServer(c)) {
            int port = server.start();
            List<Socket> sockets = new ArrayList<>();
            try {
                for (int i = 0; i < clients; i++) {
                    Socket s = new Socket("127.0.0.1", port);
                    s.setSoTimeout(10_000);
                    sockets.add(s);
                }
                List<InputStream> ins = new ArrayList<>();
                for (Socket s : sockets) {
                    ins.add(new BufferedInputStream(s.getInputStream()));
                }
                for (int r = 0; r < rounds; r++) {
                    for (int i = 0; i < clients; i++) {
                        send(sockets.get(i).getOutputStream(), r % 2 == 0
                                ? Wire.command("SET", "k" + i, "v" + i + "." + r)
                                : Wire.command("GET", "k" + i));
                    }
                    for (int i = 0; i < clients; i++) {
                        String v = "v" + i + "." + (r - 1);
                        assertThat(readReply(ins.get(i))).as("client %d, round %d", i, r)
                                .isEqualTo(r % 2 == 0 ? "+OK\r\n" : "$" + v.length() + "\r\n" + v + "\r\n");
                    }
                }
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
            }
        }
    }

    private static void send(OutputStream o, String command) throws IOException {
        o.write(command.getBytes(StandardCharsets.US_ASCII));
        o.flush();
    }

    /** One simple or bulk string reply. */
    private static String readReply(InputStream in) throws IOException {
        String line = line(in);
        if (!line.startsWith("$")) {
            return line;
        }
        return line + line(in);
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0) {
            sb.append((char) b);
            if (b == '\n') {
                break;
            }
        }
        return sb.toString();
    }
}
