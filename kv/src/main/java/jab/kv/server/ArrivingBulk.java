package jab.kv.server;

import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.ByteBuf;

/**
 * An argument arriving over several reads. Its bytes go into chunks sized by what has arrived so far
 * (never by the announced length, which the client may never send), so it holds at most about twice
 * what came, and growing it copies nothing; the chunks are joined into one array when it is complete.
 */
final class ArrivingBulk {
    private static final int MIN_CHUNK = 4 * 1024;
    private static final int MAX_CHUNK = 1024 * 1024;

    private final int length;
    private final List<byte[]> chunks = new ArrayList<>();
    private byte[] last;
    private int lastFill;
    private int filled;

    ArrivingBulk(int length) {
        this.length = length;
    }

    /** Copies what {@code in} holds of the argument; returns how many bytes it allocated for them. */
    int take(ByteBuf in) {
        int allocated = 0;
        while (filled < length && in.isReadable()) {
            if (last == null || lastFill == last.length) {
                int grow = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.max(in.readableBytes(), filled)));
                last = new byte[Math.min(length - filled, grow)];
                lastFill = 0;
                chunks.add(last);
                allocated += last.length;
            }
            int n = Math.min(in.readableBytes(), last.length - lastFill);
            in.readBytes(last, lastFill, n);
            lastFill += n;
            filled += n;
        }
        return allocated;
    }

    boolean complete() {
        return filled == length;
    }

    /** The whole argument, once {@link #complete()}. */
    byte[] bytes() {
        if (chunks.size() == 1) {
            return last; // one chunk is the whole argument: its size was capped at the length
        }
        byte[] all = new byte[length];
        int at = 0;
        for (byte[] c : chunks) {
            System.arraycopy(c, 0, all, at, c.length);
            at += c.length;
        }
        return all;
    }
}
