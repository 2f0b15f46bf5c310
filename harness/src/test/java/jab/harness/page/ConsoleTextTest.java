package jab.harness.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ConsoleTextTest {
    /** A finding a run printed: 120 chars with a "±", so 121 bytes, which mawk's length counts. */
    private static final String FINDING = "On JDK 17, FileExistsBenchmark.randomMissingFiles: Files.exists(p, NOFOLLOW_LINKS) costs 4.86x "
            + "Files.exists(p) (±23%).";

    @Test
    void aLineWithATwoByteCharacterIsWrappedToFitTheWidthInBytes() {
        assertThat(("- " + FINDING).length()).isEqualTo(ConsoleText.WIDTH);
        List<String> lines = ConsoleText.wrap("- ", FINDING).lines().toList();
        assertThat(lines).hasSize(2).allSatisfy(l -> assertThat(ConsoleText.width(l)).isLessThanOrEqualTo(ConsoleText.WIDTH));
        assertThat(lines.get(1)).startsWith("  ").endsWith("(±23%).");
    }

    @Test
    void anAsciiLineOfExactlyTheWidthStaysOneLine() {
        String text = "x".repeat(ConsoleText.WIDTH - "note: ".length());
        assertThat(ConsoleText.wrap("note: ", text)).isEqualTo("note: " + text + "\n");
    }

    @Test
    void aWordLongerThanTheWidthIsBrokenAndLaterLinesAreIndented() {
        String path = "/tmp/" + "d".repeat(300) + "/file.lst";
        List<String> lines = ConsoleText.wrap("note: ", "kept in " + path + " (±1%)").lines().toList();
        assertThat(lines).hasSizeGreaterThan(2).allSatisfy(l -> assertThat(ConsoleText.width(l)).isLessThanOrEqualTo(ConsoleText.WIDTH));
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l).startsWith("      "));
        assertThat(String.join("", lines).replace(" ", "")).contains(path.replace(" ", ""));
    }

    @Test
    void widthCountsUtf8Bytes() {
        assertThat(ConsoleText.width("±5%")).isEqualTo(4);
        assertThat(ConsoleText.width("abc")).isEqualTo(3);
    }
}
