package jab.harness.report;

import java.util.List;

/**
 * What a report is made of, written once and rendered twice: as Markdown (report.md) and as one
 * self-contained HTML page with charts (report.html).
 */
interface Page {
    void heading(int level, String text);

    void paragraph(String text);

    /** Pre-formatted text: JMH's tables and the seed's comment blocks. */
    void pre(String text);

    void table(List<String> header, List<List<String>> rows);

    void bullets(List<String> items);

    /** A chart; the Markdown page has none and points to report.html. */
    void chart(ChartSpec chart);

    String render(String title);
}
