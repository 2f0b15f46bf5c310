package jab.kv.server;

/** Checks a server's answer as RESP2 replies, for {@link RespFuzzTest}. */
final class RespReplies {
    private final String s;
    private final int longestLine;
    private int pos;

    private RespReplies(String s, int longestLine) {
        this.s = s;
        this.longestLine = longestLine;
    }

    /**
     * How many well-formed replies {@code answer} holds, the last possibly cut short (the reader
     * stopped listening) and then not counted; -1 if a reply is malformed or has a simple or error
     * line longer than {@code longestLine}.
     */
    static int count(String answer, int longestLine) {
        RespReplies r = new RespReplies(answer, longestLine);
        int n = 0;
        try {
            while (r.pos < answer.length()) {
                r.reply();
                n++;
            }
        } catch (CutShort end) {
            // n complete ones
        } catch (IllegalStateException | NumberFormatException malformed) {
            return -1;
        }
        return n;
    }

    private static final class CutShort extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    private void reply() {
        char type = s.charAt(pos++);
        String line = line();
        switch (type) {
            case '+':
            case '-':
                check(line.length() <= longestLine);
                break;
            case ':':
                Long.parseLong(line); // throws if it is no integer
                break;
            case '$':
                long len = Long.parseLong(line);
                if (len >= 0) {
                    if (pos + len + 2 > s.length()) {
                        throw new CutShort();
                    }
                    pos += (int) len;
                    check(s.startsWith("\r\n", pos));
                    pos += 2;
                }
                break;
            case '*':
                for (long n = Long.parseLong(line); n > 0; n--) {
                    if (pos >= s.length()) {
                        throw new CutShort();
                    }
                    reply();
                }
                break;
            default:
                throw new IllegalStateException("no reply starts with " + type);
        }
    }

    /** Up to CRLF; a CR or LF alone inside it is malformed (a reply split in two). */
    private String line() {
        int eol = s.indexOf("\r\n", pos);
        if (eol < 0) {
            throw new CutShort();
        }
        String line = s.substring(pos, eol);
        check(line.indexOf('\r') < 0 && line.indexOf('\n') < 0);
        pos = eol + 2;
        return line;
    }

    private static void check(boolean ok) {
        if (!ok) {
            throw new IllegalStateException("malformed");
        }
    }
}
