package jab.kv.load;

import io.netty.buffer.ByteBuf;

/**
 * Counts whole RESP2 replies in the bytes a connection receives, however the reads split them, and
 * says of each whether it was (or held) an error, without keeping or allocating anything per reply:
 * the load generator only needs to know when a reply is complete. Simple strings, errors, integers,
 * bulk strings (nil included) and arrays of any depth (nil and empty included).
 */
final class ReplyCounter {
    /** Called once per whole top-level reply. */
    interface Listener {
        void reply(boolean ok);
    }

    private enum State { TYPE, LINE, BULK }

    private State state = State.TYPE;
    private int type;
    private long number;
    private boolean negative;
    private long bulkLeft;
    /** Elements still to come in each array being read, innermost last. */
    private long[] open = new long[4];
    private int depth;
    private boolean error;

    /** Reads every byte {@code in} has (it is left empty) and reports each reply it completes. */
    void feed(ByteBuf in, Listener listener) {
        while (in.isReadable()) {
            switch (state) {
                case TYPE:
                    type = in.readByte();
                    if (type != '+' && type != '-' && type != ':' && type != '$' && type != '*') {
                        throw new IllegalStateException("not a RESP reply: byte " + type);
                    }
                    number = 0;
                    negative = false;
                    state = State.LINE;
                    break;
                case LINE:
                    line(in, listener);
                    break;
                default:
                    int skip = (int) Math.min(bulkLeft, in.readableBytes());
                    in.skipBytes(skip);
                    bulkLeft -= skip;
                    if (bulkLeft == 0) {
                        element(listener);
                    }
            }
        }
    }

    /** The rest of a reply's first line: its length for bulk strings and arrays, nothing needed otherwise. */
    private void line(ByteBuf in, Listener listener) {
        while (in.isReadable()) {
            byte b = in.readByte();
            if (b == '\n') {
                lineDone(listener);
                return;
            }
            if (b >= '0' && b <= '9') {
                number = number * 10 + (b - '0');
            } else if (b == '-') {
                negative = true;
            }
        }
    }

    private void lineDone(Listener listener) {
        long n = negative ? -number : number;
        switch (type) {
            case '$':
                if (n >= 0) {
                    bulkLeft = n + 2; // the bytes and their CRLF
                    state = State.BULK;
                    return;
                }
                break;
            case '*':
                if (n > 0) {
                    if (depth == open.length) {
                        open = java.util.Arrays.copyOf(open, depth * 2);
                    }
                    open[depth++] = n;
                    state = State.TYPE;
                    return;
                }
                break;
            case '-':
                error = true;
                break;
            default:
                break;
        }
        element(listener);
    }

    /** One element is whole: it may close the arrays around it, and the reply when none is left open. */
    private void element(Listener listener) {
        state = State.TYPE;
        while (depth > 0) {
            if (--open[depth - 1] > 0) {
                return;
            }
            depth--;
        }
        boolean ok = !error;
        error = false;
        listener.reply(ok);
    }
}
