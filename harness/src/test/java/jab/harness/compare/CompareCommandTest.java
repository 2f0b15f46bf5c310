package jab.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.results.BenchResult;
import jab.harness.results.Synthetic;

class CompareCommandTest {
    @TempDir
    Path tmp;

    static Path fixture(String name) {
        return Fixtures.run(name);
    }

    private Path synth(String name, String mode, String unit, double mean, long seed) throws IOException {
        return Synthetic.write(tmp.resolve(name), Synthetic.result(mode, unit, mean, seed));
    }

    @Test
    void twentyPercentMoreTimePerOpIsSlowerAndFailsOnRegression() throws IOException {
        Path a = synth("a.json", "avgt", "ns/op", 100, 1);
        Path b = synth("b.json", "avgt", "ns/op", 120, 2);
        Cli cli = Cli.run("compare", a.toString(), b.toString());
        assertThat(cli.code()).isZero();
        assertThat(cli.linesWith("SyntheticBenchmark.work")).singleElement().asString().contains("slower").doesNotContain("faster");
        assertThat(cli.out()).contains("Welch's t-test");
        assertThat(Cli.run("compare", a.toString(), b.toString(), "--fail-on-regression").code()).isEqualTo(1);
        // the other way round it is faster, and no regression
        // a rank test on fork means needs more forks than three to reach p < 0.05
        Path a5 = Synthetic.write(tmp.resolve("a5.json"), Synthetic.result("avgt", "ns/op", 100, 1, 0.01, 5, 10));
        Path b5 = Synthetic.write(tmp.resolve("b5.json"), Synthetic.result("avgt", "ns/op", 120, 2, 0.01, 5, 10));
        Cli back = Cli.run("compare", b5.toString(), a5.toString(), "--fail-on-regression", "--test", "mann-whitney");
        assertThat(back.code()).isZero();
        assertThat(back.linesWith("SyntheticBenchmark.work")).singleElement().asString().contains("faster");
        assertThat(back.out()).contains("Mann-Whitney U");
    }

    @Test
    void twentyPercentMoreThroughputIsFaster() throws IOException {
        Cli cli = Cli.run("compare", synth("t1.json", "thrpt", "ops/ms", 100, 4).toString(),
                synth("t2.json", "thrpt", "ops/ms", 120, 5).toString(), "--fail-on-regression");
        assertThat(cli.code()).isZero();
        assertThat(cli.linesWith("SyntheticBenchmark.work")).singleElement().asString().contains("faster");
    }

    @Test
    void theSameDistributionIsNoSignificantChange() throws IOException {
        Cli cli = Cli.run("compare", synth("a.json", "avgt", "ns/op", 100, 1).toString(), synth("c.json", "avgt", "ns/op", 100, 3).toString());
        assertThat(cli.linesWith("SyntheticBenchmark.work")).singleElement().asString()
                .contains("no significant change").doesNotContain("slower").doesNotContain("faster");
    }

    @Test
    void aFileThatIsNotJmhJsonIsExitTwoNamingIt() throws IOException {
        Path notJson = Files.writeString(tmp.resolve("hostname"), "myhost\n");
        Cli cli = Cli.run("compare", synth("a.json", "avgt", "ns/op", 100, 1).toString(), notJson.toString());
        assertThat(cli.code()).isEqualTo(2);
        assertThat(cli.err()).contains(notJson.toString()).contains("not JMH JSON");
        assertThat(Cli.run("compare", tmp.resolve("missing.json").toString(), notJson.toString()).code()).isEqualTo(2);
        assertThat(Cli.run("compare", tmp.toString(), notJson.toString()).err()).contains("not a jab run directory");
    }

    @Test
    void runsWithNothingInCommonSaySoAndExitZero() throws IOException {
        BenchResult r = Synthetic.result("avgt", "ns/op", 100, 1);
        BenchResult other = new BenchResult("x", "other.OtherBenchmark.run", "avgt", r.params(), r.score(), r.scoreError(),
                r.unit(), r.rawData(), r.samples(), "", "", "", java.util.List.of(), 1, Double.NaN);
        Path a = Synthetic.write(tmp.resolve("a.json"), r);
        Path b = Synthetic.write(tmp.resolve("b.json"), other);
        Cli cli = Cli.run("compare", a.toString(), b.toString(), "--fail-on-regression");
        assertThat(cli.code()).isZero();
        assertThat(cli.out()).contains("Nothing in common").contains("Only in A (1").contains("Only in B (1")
                .contains("other.OtherBenchmark.run");
    }

    @Test
    void runDirectoriesMatchByJdkAndARunWithoutEnvJsonIsAnUnknownMachine() {
        Cli cli = Cli.run("compare", fixture("noenv-run").toString(), fixture("linux-run").toString());
        assertThat(cli.code()).isZero();
        assertThat(cli.out()).contains("machine: unknown").contains("machine: Debian GNU/Linux 12");
        // noenv holds JDK 17 only: its four fs results pair with JDK 17 and JDK 25 of the Linux run
        assertThat(cli.linesWith("FileExistsBenchmark.")).hasSize(8);
        assertThat(cli.linesWith("17/25")).hasSize(4);
        // same means on JDK 17; on JDK 25 the NOFOLLOW missing file went from 2.0 to 1.0 us
        assertThat(cli.linesWith("missingFile")).filteredOn(l -> l.contains("NOFOLLOW") && l.contains("17/25"))
                .singleElement().asString().contains("faster");
        assertThat(cli.linesWith("FileExistsBenchmark.")).filteredOn(l -> l.contains(" 17 ")).allMatch(l -> l.contains("no significant change"));
        assertThat(cli.out()).contains("Only in B").contains("KvBenchmark.get").contains("native.fs.stat.existingFile");
    }

    @Test
    void byJdkAndByParamCompareInsideOneRun() {
        Cli byJdk = Cli.run("compare", fixture("linux-run").toString(), "--by", "jdk");
        assertThat(byJdk.code()).isZero();
        assertThat(byJdk.linesWith("17 -> 25")).hasSize(7); // 4 fs + 3 kv
        assertThat(byJdk.linesWith("missingFile")).filteredOn(l -> l.contains("NOFOLLOW")).singleElement().asString().contains("faster");
        Cli byApi = Cli.run("compare", fixture("linux-run").toString(), "--by", "param=api");
        assertThat(byApi.code()).isZero();
        assertThat(byApi.linesWith("api=FILE_EXISTS -> FILES_EXISTS_NOFOLLOW")).hasSize(4);
        assertThat(byApi.linesWith("17: api=FILE_EXISTS -> FILES_EXISTS_NOFOLLOW")).filteredOn(l -> l.contains("missingFile"))
                .singleElement().asString().contains("slower");
        Cli byThreads = Cli.run("compare", fixture("linux-run").toString(), "--by", "param=threads");
        assertThat(byThreads.linesWith("threads=1 -> 4")).hasSize(2).allMatch(l -> l.contains("faster"));
        assertThat(Cli.run("compare", fixture("linux-run").toString(), "--by", "param=nope").code()).isEqualTo(2);
        assertThat(Cli.run("compare", fixture("noenv-run").toString(), "--by", "jdk").code()).isEqualTo(2);
    }

    @Test
    void thresholdsReadAsPercentages() {
        assertThat(CompareCommand.parseThreshold("5%")).isEqualTo(0.05);
        assertThat(CompareCommand.parseThreshold("0.05")).isEqualTo(0.05);
        assertThat(CompareCommand.parseThreshold("10")).isEqualTo(0.10);
    }
}
