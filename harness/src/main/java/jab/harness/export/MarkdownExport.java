package jab.harness.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import jab.harness.page.MarkdownPage;
import jab.harness.report.BuildVerdicts;
import jab.harness.results.ResultTable;

/**
 * One Markdown table row per result, to paste into an issue or a pull request: the same columns as
 * the CSV, figures as JMH prints them.
 */
final class MarkdownExport implements ExportFormat {
    @Override
    public String name() {
        return "markdown";
    }

    @Override
    public List<Written> write(List<ExportRow> rows, Path dir) throws IOException {
        MarkdownPage page = new MarkdownPage();
        page.paragraph("Error: JMH's 99.9% interval, all iterations pooled. jab 95% interval: of the mean, Student's t over "
                + "the fork means (forks vary, not just iterations; one fork: over its iterations only).");
        List<String> header = List.of("Benchmark", "Params", "JDK", "Mode", "Score", "Units", "Error (99.9%)",
                "jab 95% interval", "Direction");
        page.table(header, rows.stream().map(r -> List.of(r.result().benchmark(), r.params(), r.sourceWords(), r.result().mode(),
                ResultTable.number(r.result().score()), r.result().unit(), r.jmhErrorWords(), r.intervalWords(), r.direction().words))
                .toList(), 4);
        Path file = dir.resolve("jab.md");
        Files.writeString(file, page.render("jab results"), StandardCharsets.UTF_8);
        return List.of(new Written(file, rows.size() + " results, a table row each, with the direction (bigger or smaller is better)"));
    }

    @Override
    public List<Written> writeRatios(List<BuildVerdicts.Row> rows, Path dir) throws IOException {
        MarkdownPage page = new MarkdownPage();
        BuildVerdicts.table(page, rows);
        Path file = dir.resolve("jab-ratios.md");
        Files.writeString(file, page.body(), StandardCharsets.UTF_8);
        return List.of(new Written(file, rows.size() + " verdicts head against base, a table row each, for a pull request's comment"));
    }
}
