package jab.harness.compare;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import jab.harness.Jab;

/** Runs a jab command line in-process and keeps its exit code, stdout and stderr. */
public record Cli(int code, String out, String err) {
    public static synchronized Cli run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Jab.execute(args);
            System.out.flush();
            System.err.flush();
            return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** The lines that mention a word, lower-cased. */
    public java.util.List<String> linesWith(String word) {
        return out.lines().filter(l -> l.toLowerCase().contains(word.toLowerCase())).toList();
    }
}
