package jab.bench.fs;

import java.io.File;
import java.nio.file.Path;

/**
 * The probe {@code jab verify fs} traces: one {@link ExistenceCheck} on one path, n times, in a fresh
 * JVM of the JDK under test. The harness runs it with n and 2n under strace and takes the
 * difference, so whatever the JVM does to start and stop cancels and only the checks remain.
 *
 * <p>usage: {@code ExistenceCheckLoop API PATH N}. Prints how many checks answered true, so the
 * results are used and no JIT can drop a call.
 */
public final class ExistenceCheckLoop {
    private ExistenceCheckLoop() {
    }

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: ExistenceCheckLoop API PATH N");
            System.exit(2);
        }
        ExistenceCheck api = ExistenceCheck.valueOf(args[0]);
        // File and Path made once, outside the loop, as the benchmark makes them in setup.
        Path path = Path.of(args[1]);
        File file = path.toFile();
        long n = Long.parseLong(args[2]);
        long answeredTrue = 0;
        for (long i = 0; i < n; i++) {
            answeredTrue += api.check(file, path) ? 1 : 0;
        }
        System.out.println(answeredTrue);
    }
}
