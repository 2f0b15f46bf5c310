package jab.kv.load;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A minimal blocking RESP2 client: writes commands, reads and checks replies without keeping them. One
 * connection, buffered both ways, so a batch of commands leaves in one write when flushed.
 */
public final class RespClient implements AutoCloseable {
    /** The head of a GET and of a SET, before their key (and value) bulks; the load generator sends them too. */
    static final byte[] GET = "*2\r\n$3\r\nGET\r\n".getBytes(StandardCharsets.US_ASCII);
    static final byte[] SET = "*3\r\n$3\r\nSET\r\n".getBytes(StandardCharsets.US_ASCII);
    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    public RespClient(String host, int port) throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), 5000);
        socket.setSoTimeout(30_000);
        out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
    }

    /** {@code keyBulk} and {@code valueBulk} are precomputed "$len\r\nbytes\r\n". */
    void set(byte[] keyBulk, byte[] valueBulk) throws IOException {
        out.write(SET);
        out.write(keyBulk);
        out.write(valueBulk);
    }

    public void command(String... words) throws IOException {
        out.write(('*' + Integer.toString(words.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (String w : words) {
            out.write(bulk(w.getBytes(StandardCharsets.UTF_8)));
        }
    }

    public void flush() throws IOException {
        out.flush();
    }

    /** Reads one whole reply; returns false if it was an error reply. */
    public boolean readReply() throws IOException {
        int type = in.read();
        switch (type) {
            case '+':
            case ':':
                skipLine();
                return true;
            case '-':
                skipLine();
                return false;
            case '$': {
                long len = readLong();
                if (len >= 0) {
                    skip(len + 2);
                }
                return true;
            }
            case '*': {
                long n = readLong();
                boolean ok = true;
                for (long i = 0; i < n; i++) {
                    ok &= readReply();
                }
                return ok;
            }
            case -1:
                throw new IOException("connection closed by server");
            default:
                throw new IOException("not a RESP reply: byte " + type);
        }
    }

    /** Reads a bulk-string reply (INFO's text) as UTF-8; an error or another kind of reply is an IOException. */
    public String readBulkString() throws IOException {
        int type = in.read();
        if (type != '$') {
            throw new IOException("expected a bulk string reply, got byte " + type);
        }
        long len = readLong();
        if (len < 0 || len > 1 << 24) {
            throw new IOException("a bulk string reply of " + len + " bytes");
        }
        byte[] b = in.readNBytes((int) len);
        skip(2);
        return new String(b, StandardCharsets.UTF_8);
    }

    private void skipLine() throws IOException {
        int c;
        while ((c = in.read()) != '\n') {
            if (c < 0) {
                throw new IOException("connection closed by server");
            }
        }
    }

    private long readLong() throws IOException {
        long n = 0;
        boolean neg = false;
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) {
                throw new IOException("connection closed by server");
            }
            if (c == '-') {
                neg = true;
            } else {
                n = n * 10 + (c - '0');
            }
        }
        in.read(); // '\n'
        return neg ? -n : n;
    }

    private void skip(long n) throws IOException {
        while (n > 0) {
            long s = in.skip(n);
            if (s <= 0) {
                if (in.read() < 0) {
                    throw new IOException("connection closed by server");
                }
                s = 1;
            }
            n -= s;
        }
    }

    static byte[] bulk(byte[] b) {
        byte[] head = ('$' + Integer.toString(b.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] r = new byte[head.length + b.length + 2];
        System.arraycopy(head, 0, r, 0, head.length);
        System.arraycopy(b, 0, r, head.length, b.length);
        r[r.length - 2] = '\r';
        r[r.length - 1] = '\n';
        return r;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
