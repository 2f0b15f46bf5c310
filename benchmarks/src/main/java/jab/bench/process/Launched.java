package jab.bench.process;

/**
 * What one launch gave back: the child's exit code and everything it wrote to stdout (read to EOF).
 * Benchmarks return it so the JIT cannot drop the work.
 */
public final class Launched {
    public final int exitCode;
    public final byte[] stdout;

    public Launched(int exitCode, byte[] stdout) {
        this.exitCode = exitCode;
        this.stdout = stdout;
    }

    public String stdoutText() {
        return new String(stdout, java.nio.charset.StandardCharsets.UTF_8);
    }
}
