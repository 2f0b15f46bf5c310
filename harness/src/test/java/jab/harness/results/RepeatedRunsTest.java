package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.compare.Cli;
import jab.harness.compare.FixtureRuns;
import jab.harness.compare.Fixtures;

/**
 * Folders of repeated runs compared with the run as the unit: every result of a run moved by the
 * same factor, as a host whose speed drifts between runs moves them, while the forks inside a run
 * agree as they did.
 */
class RepeatedRunsTest {
    @TempDir
    Path tmp;

    @Test
    void runsThatDriftBothWaysOnBothSidesAreNoChangeWhileOnePairOfRunsCallsOne() throws IOException {
        Path a = runs("a", 1.00, 1.15, 0.90);
        Path b = runs("b", 1.12, 0.93, 1.05);
        Cli pooled = Cli.run("compare", a.toString(), b.toString());
        assertThat(pooled.code()).as(pooled.err()).isZero();
        assertThat(pooled.out()).contains("(3 runs; machine: ").contains("the unit of replication is the run")
                .doesNotContain("forks are the unit");
        assertThat(pooled.linesWith("compared:").get(0)).matches("(\\d+) compared: 0 faster, 0 slower, \\1 no significant change");
        assertThat(pooled.linesWith("3+3 runs")).hasSizeGreaterThan(10);

        // the first run of each side alone: 12% apart, with forks that agree, is called slower
        Cli single = Cli.run("compare", a.resolve("run-0").toString(), b.resolve("run-0").toString());
        assertThat(single.linesWith("compared:").get(0)).doesNotContain(" 0 slower");
    }

    @Test
    void aChangeLargerThanTheDriftBetweenRunsIsCalled() throws IOException {
        Path a = runs("a", 1.00, 1.02, 0.98);
        Path b = runs("b", 1.30, 1.33, 1.27);
        Cli cli = Cli.run("compare", a.toString(), b.toString());
        // every time per op 30% longer (slower), every throughput 30% higher (faster): none is left unchanged
        assertThat(cli.linesWith("compared:").get(0)).matches("16 compared: 6 faster, 10 slower, 0 no significant change");
        // the score of a side is the mean over its runs
        assertThat(cli.out()).contains("3+3 runs").contains("1.300");
    }

    @Test
    void aFolderOfRunsAgainstOneRunIsRefused() throws IOException {
        Path a = runs("a", 1.00, 1.02);
        Cli cli = Cli.run("compare", a.toString(), Fixtures.run("linux-run").toString());
        assertThat(cli.code()).isEqualTo(2);
        assertThat(cli.err()).contains("compare repeated runs with repeated runs").contains("a folder of 2 runs");
    }

    @Test
    void aFolderWithoutRunsIsRefusedSayingWhatItNeeds() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Cli cli = Cli.run("compare", empty.toString(), empty.toString());
        assertThat(cli.code()).isEqualTo(2);
        assertThat(cli.err()).contains("not a jab run directory").contains("nor a folder of two or more");
    }

    /** A folder {@code name} with one copy of the fixture run per factor, every score and sample times it. */
    private Path runs(String name, double... factors) throws IOException {
        Path folder = Files.createDirectories(tmp.resolve(name));
        for (int i = 0; i < factors.length; i++) {
            Path run = FixtureRuns.copy(folder.resolve("run-" + i));
            for (String results : List.of("jmh-17.json", "jmh-25.json", "native.json")) {
                FixtureRuns.scale(run.resolve(results), factors[i]);
            }
        }
        return folder;
    }
}
