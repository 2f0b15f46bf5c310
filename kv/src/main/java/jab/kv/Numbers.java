package jab.kv;

/** Decimal integers as Redis reads them from values and arguments. */
public final class Numbers {
    private Numbers() {
    }

    /** Redis's string2ll: an optional '-', digits, no leading zeros, no spaces, within 64 bits. */
    public static long parseLong(byte[] b) {
        return parseLong(b, b.length);
    }

    /** As {@link #parseLong(byte[])}, over the first {@code n} bytes of {@code b}. */
    public static long parseLong(byte[] b, int n) {
        if (n == 0 || n > 20) {
            throw new KvException(KvException.NOT_INTEGER);
        }
        int i = 0;
        boolean neg = b[0] == '-';
        if (neg) {
            i++;
            if (n == 1) {
                throw new KvException(KvException.NOT_INTEGER);
            }
        }
        if (b[i] == '0' && n > i + 1 || neg && b[i] == '0') {
            throw new KvException(KvException.NOT_INTEGER);
        }
        long acc = 0; // accumulated negatively, so Long.MIN_VALUE fits
        for (; i < n; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                throw new KvException(KvException.NOT_INTEGER);
            }
            if (acc < (Long.MIN_VALUE + d) / 10) {
                throw new KvException(KvException.NOT_INTEGER);
            }
            acc = acc * 10 - d;
        }
        if (!neg && acc == Long.MIN_VALUE) {
            throw new KvException(KvException.NOT_INTEGER);
        }
        return neg ? acc : -acc;
    }

}
