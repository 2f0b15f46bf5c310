package jab.harness.page;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.text.WordUtils;

/**
 * Sentences for the console, wrapped to {@link #WIDTH} columns: jab's own output at the end of a run
 * (findings, notes, warnings) must read in a default terminal and in a CI log without a line running
 * off the side. Long words (paths) are broken too, so no line exceeds the width. A line's width is
 * counted in UTF-8 bytes ({@link #width}), an upper bound of the columns it takes.
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

    /**
     * The columns a line may take, bounded from above by its UTF-8 bytes: "±" and "÷" take one
     * column and two bytes, a wide character two columns and three bytes. Counting bytes keeps a
     * line within the width for tools that count them too (mawk's length, cut -b), where counting
     * chars let a 120-char line with a "±" measure 121.
     */
    public static int width(String line) {
        return line.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Wrapped at {@code width} chars, narrower by one char at a time until every line's bytes fit too. */
    private static List<String> lines(String text, int width) {
        for (int chars = width; ; chars--) {
            List<String> out = new ArrayList<>(List.of(WordUtils.wrap(text, chars, "\n", true).split("\n", -1)));
            out.replaceAll(String::stripTrailing);
            if (chars <= 1 || out.stream().allMatch(l -> width(l) <= width)) {
                return out;
            }
        }
    }
}
