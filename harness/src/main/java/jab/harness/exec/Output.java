package jab.harness.exec;

import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;

/**
 * Where one of a child's output streams goes. Only captured output needs a thread reading it while
 * the child runs; discarded output and files are handled by the OS and cost the parent nothing.
 */
public final class Output {
    private static final Output CAPTURE = new Output(null, true);
    private static final Output DISCARD = new Output(null, false);

    private final Path file;
    private final boolean captured;

    private Output(Path file, boolean captured) {
        this.file = file;
        this.captured = captured;
    }

    /** Kept in memory and handed back as a UTF-8 string. */
    public static Output capture() {
        return CAPTURE;
    }

    /** Thrown away by the OS (no pipe, no reader). */
    public static Output discard() {
        return DISCARD;
    }

    /** Written by the child straight into {@code file}, which is truncated first. */
    public static Output toFile(Path file) {
        return new Output(file, false);
    }

    boolean captured() {
        return captured;
    }

    Redirect redirect() {
        if (captured) {
            return Redirect.PIPE;
        }
        return file == null ? Redirect.DISCARD : Redirect.to(file.toFile());
    }
}
