package jab.kv;

/** A command the store refuses; the message is worded as Redis words it, without the leading '-'. */
public final class KvException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public static final String NOT_INTEGER = "ERR value is not an integer or out of range";
    public static final String OVERFLOW = "ERR increment or decrement would overflow";
    public static final String OOM = "OOM command not allowed when used memory > 'maxmemory'.";

    public KvException(String message) {
        super(message, null, false, false); // thrown on bad input: no stack trace to fill
    }
}
