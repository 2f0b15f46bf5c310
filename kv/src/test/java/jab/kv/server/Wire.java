package jab.kv.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** A client at the byte level, for input no client library would send: raw bytes in, raw answer out. */
final class Wire {
    private Wire() {
    }

    /** What a server answered and whether it closed the connection. */
    static final class Answer {
        final String text;
        final boolean closed;

        Answer(String text, boolean closed) {
            this.text = text;
            this.closed = closed;
        }

        @Override
        public String toString() {
            return (closed ? "closed after " : "open after ") + text.replace("\r\n", "\\r\\n");
        }
    }

    /** Sends the bytes, then reads what comes back until the server closes or is silent for {@code quietMillis}. */
    static Answer exchange(int port, byte[] bytes, int quietMillis) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(quietMillis);
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
            boolean closed;
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

    /** One char per byte, so any byte can be written in a Java string. */
    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A RESP array of bulk strings, as clients send commands. */
    static String command(String... args) {
        StringBuilder sb = new StringBuilder("*").append(args.length).append("\r\n");
        for (String a : args) {
            sb.append('$').append(a.length()).append("\r\n").append(a).append("\r\n");
        }
        return sb.toString();
    }
}
