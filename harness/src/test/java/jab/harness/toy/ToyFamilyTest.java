package jab.harness.toy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import jab.harness.JabRunner;

/**
 * A family defined only in test sources joins jab with no change to generic code: listed, run with
 * the smoke profile, its command and its run option offered, its section in summary.md and in the
 * reports, its note and side document kept; and {@code jab summary} rebuilds that summary.md byte for byte.
 */
class ToyFamilyTest {
    @TempDir
    Path out;

    @Test
    void listedWithItsBenchmark() {
        JabRunner r = JabRunner.run("list", "toy");
        assertThat(r.exitCode).as(r.err).isZero();
        assertThat(r.out).contains("toy: a family that exists only in the tests").contains("toy.ToyBenchmark.sum").contains("size=8,64");
    }

    @Test
    void itsCommandAndRunOptionAreOffered() {
        JabRunner verify = JabRunner.run("verify", "toy");
        assertThat(verify.exitCode).as(verify.err).isZero();
        assertThat(verify.out).contains("toy: verified");
        assertThat(JabRunner.run("verify", "--help").out).contains("toy");
        assertThat(JabRunner.run("run", "--help").out).contains("--toy-greeting");
        JabRunner none = JabRunner.run("verify", "nosuch");
        assertThat(none.exitCode).isEqualTo(2);
        assertThat(none.err).contains("nothing for 'nosuch' under verify").contains("toy");
    }

    @Test
    void runsAndAppearsInSummaryAndReport() throws Exception {
        JabRunner r = JabRunner.run("run", "toy", "--profile", "smoke", "--toy-greeting", "hello from the tests",
                "--out", out.toString(), "--verbose");
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        Path run = r.resultsDir();
        JsonNode env = new ObjectMapper().readTree(run.resolve("env.json").toFile());
        assertThat(env.path("formatVersion").asInt()).isEqualTo(2);
        assertThat(env.path("run").path("command").asText())
                .isEqualTo("jab run toy --profile smoke --toy-greeting 'hello from the tests' --out " + out + " --verbose");
        assertThat(env.path("run").path("notes").toString()).contains("the toy family ran with sizes 8,64");
        assertThat(run.resolve("toy-greeting.json")).content().contains("hello from the tests");
        assertThat(run.resolve("timings.json")).content().contains("toy.countToThree");
        assertThat(run).isDirectoryNotContaining("glob:**.{tmp,part}").isDirectoryNotContaining("glob:**/native.json");

        String summary = Files.readString(run.resolve("summary.md"));
        assertThat(summary).contains("## toy: sums of small arrays", "The toy says: hello from the tests", "| 17 | 64 |",
                "## Notes", "the toy family ran with sizes 8,64", "Other timings, not native floors");

        Files.delete(run.resolve("summary.md"));
        JabRunner rebuilt = JabRunner.run("summary", run.toString());
        assertThat(rebuilt.exitCode).as(rebuilt.err).isZero();
        assertThat(Files.readString(run.resolve("summary.md"))).isEqualTo(summary);

        JabRunner report = JabRunner.run("report", run.toString(), "--out", out.resolve("report").toString());
        assertThat(report.exitCode).as(report.err).isZero();
        String html = Files.readString(out.resolve("report/report.html"));
        assertThat(html).contains("toy: sums of small arrays", "The toy says: hello from the tests", "64 ints");
    }
}
