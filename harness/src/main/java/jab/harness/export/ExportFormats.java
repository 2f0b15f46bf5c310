package jab.harness.export;

import java.util.List;

import jab.harness.UsageException;

/** The formats {@code jab export} writes, by the name {@code --format} takes. */
public final class ExportFormats {
    public static final List<ExportFormat> ALL = List.of(new GithubActionBenchmark(), new BencherMetricFormat(),
            new CsvExport(), new MarkdownExport());

    private ExportFormats() {
    }

    public static ExportFormat byName(String name) {
        return ALL.stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new UsageException("unknown export format '" + name + "'; formats: " + names()));
    }

    public static String names() {
        return String.join(", ", ALL.stream().map(ExportFormat::name).toList());
    }
}
