package jab.kv.server;

import static jab.kv.server.Wire.command;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;

import redis.clients.jedis.Jedis;

/**
 * What one client can make the server hold, and how it treats a client guessing passwords: memory
 * grows with the bytes clients sent, not with the lengths they announce.
 */
@EveryTransport
class HostileInputTest {
    private static final long MB = 1024 * 1024;

    @Parameter
    Transport transport;

    private KvServer server(ServerConfig c) throws Exception {
        c.port = 0;
        c.transport = transport;
        KvServer s = new KvServer(c);
        s.start();
        return s;
    }

    /** Heap in use after a full collection: what is live. */
    static long liveHeap() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static List<Socket> connect(int port, int n, byte[] each) throws IOException {
        List<Socket> sockets = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Socket s = new Socket("127.0.0.1", port);
            s.getOutputStream().write(each);
            sockets.add(s);
        }
        return sockets;
    }

    private static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
    }

    private static String ping(int port) throws IOException {
        return Wire.exchange(port, Wire.bytes(command("PING") + command("QUIT")), 2000).text;
    }

    /** The heap that {@code clients} connections hold once each sent {@code each} and waits; PING still works meanwhile. */
    private long heldBy(int clients, byte[] each) throws Exception {
        try (KvServer s = server(new ServerConfig())) {
            long before = liveHeap();
            List<Socket> sockets = connect(s.port(), clients, each);
            Thread.sleep(500);
            long held = liveHeap() - before;
            assertThat(ping(s.port())).isEqualTo("+PONG\r\n+OK\r\n");
            closeAll(sockets);
            return held;
        }
    }

    @Test
    void connectionsAnnouncingHugeArraysHoldAlmostNothing() throws Exception {
        // 65536 arguments announced by each: 256 KB of references apiece if allocated up front
        assertThat(heldBy(500, Wire.bytes("*65536\r\n"))).as("heap held by 500 clients that sent '*65536'").isLessThan(32 * MB);
    }

    @Test
    void anArgumentStillArrivingHoldsWhatCameNotWhatWasAnnounced() throws Exception {
        byte[] start = Wire.bytes("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$500000000\r\n" + "x".repeat(64 * 1024));
        assertThat(heldBy(50, start)).as("heap held by 50 clients that announced 500 MB and sent 64 KB").isLessThan(32 * MB);
    }

    @Test
    void anArgumentArrivingInPiecesIsStoredWhole() throws Exception {
        try (KvServer s = server(new ServerConfig()); Socket c = new Socket("127.0.0.1", s.port())) {
            byte[] value = new byte[3 * 1024 * 1024 + 7];
            new Random(15).nextBytes(value);
            byte[] head = Wire.bytes("*3\r\n$3\r\nSET\r\n$5\r\npiece\r\n$" + value.length + "\r\n");
            OutputStream o = c.getOutputStream();
            o.write(head);
            Random sizes = new Random(1);
            for (int at = 0; at < value.length; ) {
                int n = Math.min(value.length - at, 1 + sizes.nextInt(200_000));
                o.write(value, at, n);
                o.flush();
                at += n;
                Thread.sleep(1); // separate reads on the server
            }
            o.write(Wire.bytes("\r\n"));
            o.flush();
            c.setSoTimeout(5000);
            assertThat(new String(c.getInputStream().readNBytes(5), StandardCharsets.US_ASCII)).isEqualTo("+OK\r\n");
            try (Jedis j = new Jedis("127.0.0.1", s.port())) {
                assertThat(j.get("piece".getBytes(StandardCharsets.US_ASCII))).isEqualTo(value);
            }
        }
    }

    @Test
    void aCommandOverTheQueryBufferLimitClosesTheClientWithoutAReply() throws Exception {
        ServerConfig c = new ServerConfig();
        c.clientQueryBufferLimit = MB;
        try (KvServer s = server(c)) {
            String big = "y".repeat(600 * 1024);
            Wire.Answer a = Wire.exchange(s.port(), Wire.bytes(command("MSET", "a", big, "b", big)), 2000);
            assertThat(a.text).isEmpty(); // as Redis, which closes such a client and only logs it
            assertThat(a.closed).isTrue();
            assertThat(Wire.exchange(s.port(), Wire.bytes(command("SET", "a", big) + command("QUIT")), 2000).text)
                    .as("under the limit").isEqualTo("+OK\r\n+OK\r\n");
        }
    }

    @Test
    void aClientGuessingPasswordsIsClosedAfterThreeWrongOnes() throws Exception {
        ServerConfig c = new ServerConfig();
        c.requirepass = "s3cret";
        try (KvServer s = server(c); Socket guesser = new Socket("127.0.0.1", s.port())) {
            guesser.setSoTimeout(2000);
            OutputStream o = guesser.getOutputStream();
            o.write(Wire.bytes(command("AUTH", "a") + command("AUTH", "b") + command("AUTH", "c") + command("AUTH", "s3cret")));
            InputStream in = guesser.getInputStream();
            String wrong = "-WRONGPASS invalid username-password pair or user is disabled.\r\n";
            assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).isEqualTo(wrong.repeat(Commands.MAX_AUTH_FAILURES));
            assertThat(Wire.exchange(s.port(), Wire.bytes(command("AUTH", "s3cret") + command("PING") + command("QUIT")), 2000).text)
                    .as("a new connection with the password").isEqualTo("+OK\r\n+PONG\r\n+OK\r\n");
        }
    }
}
