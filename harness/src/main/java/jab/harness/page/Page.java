package jab.harness.page;

import java.util.List;

/**
 * What a document is made of, written once and rendered as Markdown (summary.md, report.md) or as
 * one self-contained HTML page with charts (report.html). Family sections are written against this
 * interface, so each table exists once whichever file shows it. Levels count from 1 below the page
 * title.
 */
public interface Page {
    void heading(int level, String text);

    void paragraph(String text);

    /** Pre-formatted text: JMH's tables and the seed's comment blocks. */
    void pre(String text);

    /** A table whose cells are all left-aligned (text). */
    default void table(List<String> header, List<List<String>> rows) {
        table(header, rows, header.size());
    }

    /**
     * A table whose first {@code textColumns} columns are text (left-aligned) and whose other columns
     * are figures (right-aligned, so digits line up).
     */
    void table(List<String> header, List<List<String>> rows, int textColumns);

    void bullets(List<String> items);

    /** A link to a file beside the page (a flame graph): its text and where it points, relative to the page. */
    record Link(String text, String href) {
    }

    /** Links, one bullet each. */
    void links(List<Link> links);

    /** A chart; Markdown pages have none and point to report.html. */
    void chart(ChartSpec chart);

    String render(String title);
}
