package jab.harness;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the CLI in-process and keeps what it printed, for assertions on exit codes and messages. */
public final class JabRunner {
    public final int exitCode;
    public final String out;
    public final String err;

    private JabRunner(int exitCode, String out, String err) {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    public static synchronized JabRunner run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Jab.execute(args);
            return new JabRunner(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** The run directory from the last line "results: DIR". */
    public java.nio.file.Path resultsDir() {
        String dir = null;
        for (String line : out.split("\\R")) {
            if (line.startsWith("results: ")) {
                dir = line.substring("results: ".length()).trim();
            }
        }
        if (dir == null) {
            throw new AssertionError("no 'results:' line in output:\n" + out + "\n" + err);
        }
        return java.nio.file.Paths.get(dir);
    }
}
