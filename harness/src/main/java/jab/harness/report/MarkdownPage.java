package jab.harness.report;

import java.util.List;

/** report.md: GitHub-flavoured Markdown; charts are in report.html, tables and findings are here. */
final class MarkdownPage implements Page {
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
    public void table(List<String> header, List<List<String>> rows) {
        sb.append("| ").append(String.join(" | ", header.stream().map(MarkdownPage::cell).toList())).append(" |\n|");
        header.forEach(h -> sb.append("---|"));
        sb.append('\n');
        for (List<String> r : rows) {
            sb.append("| ").append(String.join(" | ", r.stream().map(MarkdownPage::cell).toList())).append(" |\n");
        }
        sb.append('\n');
    }

    @Override
    public void bullets(List<String> items) {
        items.forEach(i -> sb.append("- ").append(i).append('\n'));
        sb.append('\n');
    }

    @Override
    public void chart(ChartSpec chart) {
        charts++;
    }

    @Override
    public String render(String title) {
        String note = charts == 0 ? "" : "Charts (" + charts + ") are in report.html beside this file.\n\n";
        return "# " + title + "\n\n" + note + sb;
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
