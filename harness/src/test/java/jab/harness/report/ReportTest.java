package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.compare.Cli;
import jab.harness.compare.Fixtures;
import jab.harness.page.ChartLibrary;
import jab.harness.page.ChartSpec;
import jab.harness.results.ResultSource;

class ReportTest {
    /** What the acceptance check greps for: anything loaded from the network. */
    static final Pattern REMOTE = Pattern.compile(
            "src=[\"']?https?://|<link[^>]+href=[\"']?https?://|@import[^;]*https?://|url\\([\"']?https?://", Pattern.CASE_INSENSITIVE);

    @TempDir
    Path tmp;

    @Test
    void chartsFollowTheShapeOfTheData() {
        RunData run = new RunData(ResultSource.load(Fixtures.run("linux-run")), jab.harness.cli.FamilyRegistry.load());
        assertThat(run.groups).extracting(RunData.Group::title).containsExactly("FileExistsBenchmark", "KvBenchmark (thrpt)");
        List<ChartSpec> fs = Charts.of(run.groups.get(0));
        // no chart divides one score by another: a run's ratios are its answers
        assertThat(fs).extracting(ChartSpec::title).containsExactly(
                "FileExistsBenchmark on JDK 17", "FileExistsBenchmark on JDK 25", "FileExistsBenchmark: JDKs side by side");
        ChartSpec bars = fs.get(0);
        assertThat(bars.labels()).containsExactly("existingFile", "missingFile");
        assertThat(bars.series()).extracting(ChartSpec.Series::name).containsExactly("File.exists()", "Files.exists(p, NOFOLLOW_LINKS)");
        assertThat(bars.series().get(1).values().get(1)).isBetween(1.9, 2.1);
        assertThat(bars.series().get(1).errors().get(1)).isPositive();
        List<ChartSpec> kv = Charts.of(run.groups.get(1));
        ChartSpec sweep = kv.stream().filter(c -> c.type().equals("line")).findFirst().orElseThrow();
        assertThat(sweep.title()).isEqualTo("KvBenchmark (thrpt): score by threads");
        assertThat(sweep.labels()).containsExactly("1", "2", "4");
        assertThat(sweep.series()).hasSize(2); // get on JDK 17 and on JDK 25
        assertThat(sweep.series().get(0).values().get(2)).isBetween(33.0, 37.0);
    }

    @Test
    void reportWritesMarkdownAndSelfContainedHtmlWithoutASecondRatio() throws IOException {
        Cli cli = Cli.run("report", Fixtures.run("linux-run").toString(), "--out", tmp.toString());
        assertThat(cli.code()).as(cli.err()).isZero();
        String md = Files.readString(tmp.resolve("report.md"));
        assertThat(md).contains("## Debian GNU/Linux 12 (bookworm) - Linux 6.1.0 amd64", "## Results",
                "## fs: file-existence checks", "### Semantics: what each API answers", "| broken symlink | false | true |", "## Machine fingerprint",
                "| cpu.model | Fixture CPU 3000 |", "synthetic fixture for tests");
        // no findings drawn from JMH's forks beside the answers (this run has none: it predates questions)
        assertThat(md).doesNotContain("## Findings").doesNotContain(" costs ");
        String html = Files.readString(tmp.resolve("report.html"));
        assertThat(REMOTE.matcher(html).find()).isFalse();
        assertThat(html).contains("Chart.js v" + ChartLibrary.version()).doesNotContain("sourceMappingURL");
        // fs: 2 JDKs, side by side; kv: 2 JDKs, side by side, threads
        assertThat(html.split("<canvas ", -1).length - 1).isEqualTo(3 + 4);
        assertThat(html).contains("<code>Files.exists(p, NOFOLLOW_LINKS)</code>");
    }

    @Test
    void aPlainJmhFileWithoutEnvIsAnUnknownMachine() throws IOException {
        Cli cli = Cli.run("report", Fixtures.resource("jmh/sample-mode.json").toString(), "--out", tmp.toString());
        assertThat(cli.code()).as(cli.err()).isZero();
        assertThat(Files.readString(tmp.resolve("report.md"))).contains("Machine: unknown", "LatencyBenchmark.get");
        assertThat(Cli.run("report", Fixtures.resource("jmh/not-json.txt").toString(), "--out", tmp.toString()).code()).isEqualTo(2);
    }

    @Test
    void mergeMakesASectionPerMachineAndPutsThemSideBySide() throws IOException {
        Cli cli = Cli.run("merge", Fixtures.run("linux-run").toString(), Fixtures.run("macos-run").toString(),
                Fixtures.run("noenv-run").toString(), "--out", tmp.toString());
        assertThat(cli.code()).as(cli.err()).isZero();
        String md = Files.readString(tmp.resolve("report.md"));
        assertThat(md).contains("## M1: Debian GNU/Linux 12 (bookworm) (Linux 6.1.0)", "## M2: macOS 15.5 (Darwin 24.5.0)",
                "## M3: unknown machine", "#### Fixture M4 @ 3.00GHz", "## Across machines", "## Findings across machines",
                "## Fingerprint of M2");
        assertThat(md.indexOf("## M1:")).isLessThan(md.indexOf("## M2:"));
        assertThat(md).containsPattern("\\| missingFile api=FILE_EXISTS,files=1000 \\| 0\\.\\d+ ± 0\\.\\d+ \\| 0\\.\\d+ ± 0\\.\\d+ \\| 2\\.\\d+ ± 0\\.\\d+ \\|");
        // runs of plain JMH results have no answers: machines are compared on answers only (MergeAnswersTest)
        assertThat(md).contains("No question was answered on more than one machine.");
        String html = Files.readString(tmp.resolve("report.html"));
        assertThat(REMOTE.matcher(html).find()).isFalse();
        assertThat(html).contains("<canvas ");
    }
}
