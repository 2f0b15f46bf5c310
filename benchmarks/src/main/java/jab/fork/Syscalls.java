package jab.fork;

import java.nio.charset.Charset;

/**
 * File system calls made from the JVM through JNI (native/jab_syscalls.c), for the in-process floor of a
 * question: the calls a Java API makes, without the API (an existence check's stat, a file's writes).
 * The library's path comes from the system property {@value #LIBRARY}, which jab sets for the forks
 * when it could build the library. This class lives in {@code jab.fork}, which every variant of an
 * interleaved fork shares, because a JNI library can be bound to one class loader only.
 */
public final class Syscalls {
    public static final String LIBRARY = "jab.syscalls";

    static {
        String lib = System.getProperty(LIBRARY);
        if (lib == null) {
            throw new IllegalStateException("-D" + LIBRARY + " is not set: jab could not build native/jab_syscalls.c");
        }
        System.load(lib);
    }

    private Syscalls() {
    }

    /** A path in native memory, made once outside the timed code; free it with {@link #free}. */
    public static long path(String path) {
        return path0(path.getBytes(Charset.defaultCharset()));
    }

    /** Bytes copied to native memory (a NUL after them), made once outside the timed code; free it with {@link #free}. */
    public static long bytes(byte[] bytes) {
        return path0(bytes);
    }

    public static void free(long path) {
        free0(path);
    }

    /** stat(2): the file's mode, or -errno. */
    public static int stat(long path) {
        return stat0(path);
    }

    /** lstat(2): the link's own mode, or -errno. */
    public static int lstat(long path) {
        return lstat0(path);
    }

    /** access(2) with F_OK: 0, or -errno. */
    public static int access(long path) {
        return access0(path);
    }

    /**
     * open(2), {@code total} bytes in write(2) calls of {@code chunkSize} bytes from {@code chunk} (made
     * by {@link #bytes}), fsync(2) when {@code force}, close(2): the bytes written, or -errno.
     */
    public static long writeFile(long path, long chunk, int chunkSize, long total, boolean force) {
        return writeFile0(path, chunk, chunkSize, total, force);
    }

    private static native long path0(byte[] path);

    private static native long writeFile0(long path, long chunk, int chunkSize, long total, boolean force);

    private static native void free0(long path);

    private static native int stat0(long path);

    private static native int lstat0(long path);

    private static native int access0(long path);
}
