package jab.harness.exec;

import java.io.IOException;
import java.time.Duration;

/**
 * A child that did not finish within its timeout; it and its descendants have been killed. An
 * IOException, so callers that treat "the tool failed" alike need no extra catch.
 */
public final class SubprocessTimeoutException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String program;
    private final transient Duration timeout;

    SubprocessTimeoutException(String program, Duration timeout) {
        this(program, timeout, program + " did not finish in " + Subprocess.seconds(timeout) + " s");
    }

    SubprocessTimeoutException(String program, Duration timeout, String message) {
        super(message);
        this.program = program;
        this.timeout = timeout;
    }

    /** The program that timed out, as {@link Subprocess#program()} names it. */
    public String program() {
        return program;
    }

    public Duration timeout() {
        return timeout;
    }
}
