package jab.harness.page;

import java.util.List;

/** GitHub-flavoured Markdown: summary.md and report.md. Charts are only counted: they are in report.html. */
public final class MarkdownPage implements Page {
    private final StringBuilder sb = new StringBuilder();
    private int charts;

    @Override
    public void heading(int level, String text) {
        sb.append("#".repeat(Math.min(6, level + 1))).append(' ').append(text).append("\n\n");
    }

    @Override
    public void paragraph(String text) {
        sb.append(text).append("\n\n");
    }

    @Override
    public void pre(String text) {
        sb.append("```\n").append(text.endsWith("\n") ? text : text + "\n").append("```\n\n");
    }

    @Override
    public void table(List<String> header, List<List<String>> rows, int textColumns) {
        row(header);
        sb.append('|');
        for (int c = 0; c < header.size(); c++) {
            sb.append(c < textColumns ? "---|" : "---:|");
        }
        sb.append('\n');
        rows.forEach(this::row);
        sb.append('\n');
    }

    private void row(List<String> cells) {
        sb.append("| ").append(String.join(" | ", cells.stream().map(MarkdownPage::cell).toList())).append(" |\n");
    }

    @Override
    public void bullets(List<String> items) {
        items.forEach(i -> sb.append("- ").append(i).append('\n'));
        sb.append('\n');
    }

    @Override
    public void links(List<Link> links) {
        links.forEach(l -> sb.append("- [").append(l.text()).append("](").append(l.href().replace(" ", "%20")).append(")\n"));
        sb.append('\n');
    }

    @Override
    public void chart(ChartSpec chart) {
        charts++;
    }

    /** The page without a title: a fragment to print or embed. */
    public String body() {
        return sb.toString();
    }

    /** The page with a title and, when charts were left out, a pointer to report.html. */
    @Override
    public String render(String title) {
        String note = charts == 0 ? "" : "Charts (" + charts + ") are in report.html beside this file.\n\n";
        return "# " + title + "\n\n" + note + sb;
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
