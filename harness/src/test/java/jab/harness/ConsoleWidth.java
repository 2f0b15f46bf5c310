package jab.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import jab.harness.page.ConsoleText;

/**
 * The console output of a run fits {@link ConsoleText#WIDTH} columns, read as the acceptance check
 * reads it: carriage returns as line breaks, the progress lines ({@code [n/N] ...}) and the
 * {@code results: DIR} line (a path as long as the user's) aside, and widths in UTF-8 bytes as
 * mawk's length counts them.
 */
public final class ConsoleWidth {
    private ConsoleWidth() {
    }

    public static List<String> tooWide(String console) {
        return console.replace('\r', '\n').lines().filter(l -> !l.startsWith("[") && !l.startsWith("results: "))
                .filter(l -> ConsoleText.width(l) > ConsoleText.WIDTH).toList();
    }

    public static void assertFits(String console) {
        assertThat(tooWide(console)).as("lines over %d columns in:%n%s", ConsoleText.WIDTH, console).isEmpty();
    }
}
