package jab.harness.exec;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How a finished child ended.
 *
 * @param program  the program as {@link Subprocess#program()} names it, for messages
 * @param exitCode the child's exit code
 * @param stdout   its standard output (UTF-8), or "" when not captured
 * @param stderr   its standard error (UTF-8), or "" when not captured or merged into stdout
 * @param elapsed  from just before the start to the reaped exit: a fresh JVM's wall time when
 *                 both streams are discarded, since nothing else runs inside that window
 */
public record Result(String program, int exitCode, String stdout, String stderr, Duration elapsed) {
    private static final int LINES_IN_MESSAGES = 20;

    public boolean ok() {
        return exitCode == 0;
    }

    /** This result when the exit code is 0; else an IOException naming the program, the code and what it printed. */
    public Result requireSuccess() throws IOException {
        if (!ok()) {
            String said = firstLines(output(), LINES_IN_MESSAGES);
            throw new IOException(program + " exited with " + exitCode + (said.isEmpty() ? "" : ":\n" + said));
        }
        return this;
    }

    /** Everything captured, stdout then stderr, stripped: what the child said. */
    public String output() {
        String out = stdout.strip();
        String err = stderr.strip();
        return out.isEmpty() ? err : err.isEmpty() ? out : out + "\n" + err;
    }

    private static String firstLines(String text, int n) {
        List<String> lines = text.lines().collect(Collectors.toList());
        String head = String.join("\n", lines.subList(0, Math.min(n, lines.size())));
        return lines.size() > n ? head + "\n... (" + (lines.size() - n) + " more lines)" : head;
    }
}
