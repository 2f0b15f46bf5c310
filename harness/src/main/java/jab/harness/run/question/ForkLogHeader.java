package jab.harness.run.question;

import java.util.List;
import java.util.Optional;

/**
 * The line a JDK's JMH log (jmh-N.log) gets before an interleaved fork's own output: the question the
 * fork measures, its JDK and its command. Written where the fork starts, read back by what attributes a
 * fork's output (a JDK's warnings about the launch mechanism) to the fork that printed it: without it,
 * that output reads as the last plain JMH result's, whose header came before.
 */
public final class ForkLogHeader {
    private static final String PREFIX = "# interleaved fork of '";
    private static final String AFTER_TITLE = "' on JDK ";

    private ForkLogHeader() {
    }

    /** The header of a fork of the question titled {@code title} on JDK {@code jdk}, started by {@code command}. */
    public static String of(String title, String jdk, List<String> command) {
        return PREFIX + title + AFTER_TITLE + jdk + ": " + String.join(" ", command);
    }

    /** The title of the question a header names; empty for any other line. */
    public static Optional<String> question(String line) {
        int end = line.startsWith(PREFIX) ? line.indexOf(AFTER_TITLE, PREFIX.length()) : -1;
        return end < 0 ? Optional.empty() : Optional.of(line.substring(PREFIX.length(), end));
    }
}
