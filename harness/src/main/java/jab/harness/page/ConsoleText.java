package jab.harness.page;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.text.WordUtils;

/**
 * Sentences for the console, wrapped to {@link #WIDTH} columns: jab's own output at the end of a run
 * (findings, notes, warnings) must read in a default terminal and in a CI log without a line running
 * off the side. Long words (paths) are broken too, so no line exceeds the width.
 */
public final class ConsoleText {
    /** The widest line jab prints at the end of a run. */
    public static final int WIDTH = 120;

    private ConsoleText() {
    }

    /**
     * {@code prefix + text} wrapped, later lines indented by as many spaces as the prefix is long
     * ("- " bullets, "note: "); the text's own line breaks are kept. Ends with a line break.
     */
    public static String wrap(String prefix, String text) {
        String indent = " ".repeat(prefix.length());
        StringBuilder sb = new StringBuilder();
        String[] paragraphs = text.split("\n", -1);
        for (int i = 0; i < paragraphs.length; i++) {
            String lead = i == 0 ? prefix : indent;
            List<String> lines = lines(paragraphs[i], WIDTH - lead.length());
            for (int j = 0; j < lines.size(); j++) {
                sb.append(j == 0 ? lead : indent).append(lines.get(j)).append('\n');
            }
        }
        return sb.toString();
    }

    private static List<String> lines(String text, int width) {
        List<String> out = new ArrayList<>(List.of(WordUtils.wrap(text, width, "\n", true).split("\n", -1)));
        out.replaceAll(String::stripTrailing);
        return out;
    }
}
