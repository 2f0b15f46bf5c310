package jab.harness.compare;

import jab.harness.JabRunner;

/** A jab command line run in-process (through {@link JabRunner}), as a value with line helpers. */
public record Cli(int code, String out, String err) {
    public static Cli run(String... args) {
        JabRunner r = JabRunner.run(args);
        return new Cli(r.exitCode, r.out, r.err);
    }

    /** The lines that mention a word, lower-cased. */
    public java.util.List<String> linesWith(String word) {
        return out.lines().filter(l -> l.toLowerCase().contains(word.toLowerCase())).toList();
    }
}
