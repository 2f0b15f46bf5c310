package jab.kv.server;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;

/**
 * Inputs for {@link RespFuzzTest}, each from its own seeded Random so a failing one can be made
 * again: well-formed commands with hostile arguments (edge integers, CR/LF, NUL, long strings),
 * the same frames mutated (bytes flipped, cut short, lengths changed), malformed headers, inline
 * lines, random bytes, and pipelines of several of these.
 */
final class RespFuzzer {
    private static final String[] COMMANDS = {"GET", "SET", "DEL", "EXISTS", "INCR", "DECR", "INCRBY", "DECRBY", "MGET",
        "MSET", "EXPIRE", "PEXPIRE", "TTL", "PTTL", "DBSIZE", "FLUSHDB", "FLUSHALL", "SELECT", "PING", "ECHO", "AUTH",
        "CLIENT", "CONFIG", "INFO", "COMMAND", "UNLINK", "NOSUCH", "get", "sEt"};
    private static final String[] WORDS = {"", "0", "1", "-1", "01", "-0", "+5", " 5", "1e3", "NX", "XX", "EX", "PX",
        "KEEPTTL", "GET", "SETNAME", "GETNAME", "ID", "ASYNC", "SYNC", "garbage", "default", "*", "save",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        "99999999999999999999", "2147483647", "2147483648", "x\r\n+OK", "\r\n", "\u0000", "\u00ff\u00fe", "$5", "*3"};
    private static final String[] LENGTHS = {"-1", "0", "1", "10", "11", "16384", "16385", "-2", "01", "+1", "", " 1",
        "abc", "-", "2147483647", "2147483648", "9223372036854775807", "9999999999999999999", "99999999999999999999",
        "536870912", "536870913"};

    private RespFuzzer() {
    }

    /** One input, and how many well-formed commands it is (-1 when it is not only well-formed commands). */
    static final class Input {
        final byte[] bytes;
        final int commands;

        Input(byte[] bytes, int commands) {
            this.bytes = bytes;
            this.commands = commands;
        }
    }

    static Input input(Random r) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int parts = r.nextInt(6) == 0 ? 2 + r.nextInt(4) : 1; // sometimes a pipeline
        int commands = 0;
        for (int i = 0; i < parts; i++) {
            boolean wellFormed = r.nextInt(7) < 2;
            byte[] b = wellFormed ? Wire.bytes(command(r)) : hostile(r);
            commands = wellFormed && commands >= 0 ? commands + 1 : -1;
            out.write(b, 0, b.length);
        }
        return new Input(out.toByteArray(), commands);
    }

    private static byte[] hostile(Random r) {
        switch (r.nextInt(5)) {
            case 0:
                return mutate(Wire.bytes(command(r)), r);
            case 1:
                return Wire.bytes("*" + pick(LENGTHS, r) + "\r\n" + (r.nextBoolean() ? command(r).replaceFirst("^\\*\\d+\\r\\n", "") : ""));
            case 2:
                return Wire.bytes("*" + (1 + r.nextInt(3)) + "\r\n$" + pick(LENGTHS, r) + "\r\n" + text(r, r.nextInt(100)));
            case 3:
                return Wire.bytes(inline(r));
            default:
                byte[] junk = new byte[r.nextInt(2000)];
                r.nextBytes(junk);
                return junk;
        }
    }

    private static String command(Random r) {
        int n = 1 + r.nextInt(r.nextInt(10) == 0 ? 20 : 5);
        String[] args = new String[n];
        args[0] = pick(COMMANDS, r);
        for (int i = 1; i < n; i++) {
            args[i] = argument(r);
        }
        return Wire.command(args);
    }

    private static String argument(Random r) {
        switch (r.nextInt(5)) {
            case 0:
                return text(r, r.nextInt(20));
            case 1:
                return Long.toString(r.nextLong() >> r.nextInt(64));
            case 2:
                return r.nextInt(20) == 0 ? "v".repeat(r.nextInt(70_000)) : "k" + r.nextInt(50);
            default:
                return pick(WORDS, r);
        }
    }

    /** One line of words, sometimes quoted, sometimes over the inline limit. */
    private static String inline(Random r) {
        if (r.nextInt(40) == 0) {
            return "a".repeat(RequestParser.MAX_LINE + 1 + r.nextInt(100));
        }
        StringBuilder sb = new StringBuilder(pick(COMMANDS, r));
        for (int i = r.nextInt(5); i > 0; i--) {
            sb.append(r.nextBoolean() ? " " : "\t").append(r.nextInt(4) == 0 ? "\"" + pick(WORDS, r) : argument(r));
        }
        return sb.append(r.nextBoolean() ? "\r\n" : "\n").toString();
    }

    /** Flips, cuts or inserts bytes, or changes a digit. */
    private static byte[] mutate(byte[] b, Random r) {
        if (b.length == 0) {
            return b;
        }
        byte[] m = b.clone();
        for (int i = 1 + r.nextInt(3); i > 0; i--) {
            int at = r.nextInt(m.length);
            switch (r.nextInt(4)) {
                case 0:
                    m[at] = (byte) r.nextInt(256);
                    break;
                case 1:
                    m = Arrays.copyOf(m, at); // cut short: the server waits for the rest
                    return m;
                case 2:
                    m[at] = (byte) "\r\n$*:0123456789-".charAt(r.nextInt(16));
                    break;
                default:
                    if (Character.isDigit(m[at])) {
                        m[at] = (byte) ('0' + r.nextInt(10));
                    }
            }
        }
        return m;
    }

    private static String text(Random r, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append((char) (r.nextInt(8) == 0 ? r.nextInt(256) : 'a' + r.nextInt(26)));
        }
        return sb.toString();
    }

    private static String pick(String[] from, Random r) {
        return from[r.nextInt(from.length)];
    }
}
