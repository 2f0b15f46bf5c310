package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.compare.Cli;

/**
 * jab merge compares machines on their answers: a published run and a copy of it "measured" on
 * another machine (its fingerprint's kernel changed), in which one variant's every slice costs 1.2x.
 */
class MergeAnswersTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void machinesAreComparedOnTheirAnswersAndTheDifferenceIsFound() throws IOException {
        Path published = PublishedSummariesTest.publishedRuns().stream()
                .filter(r -> Files.isRegularFile(r.resolve("comparisons.json"))).findFirst().orElseThrow();
        Path m1 = copy(published, tmp.resolve("m1"));
        Path m2 = copy(published, tmp.resolve("m2"));
        ObjectNode env = (ObjectNode) JSON.readTree(m2.resolve("env.json").toFile());
        ((ObjectNode) env.path("os")).put("kernel", "6.99.0-other-machine");
        JSON.writeValue(m2.resolve("env.json").toFile(), env);
        slower(m2.resolve("comparisons.json"), "which existence check on a missing file", "FILES_EXISTS", 1.2);

        Cli cli = Cli.run("merge", m1.toString(), m2.toString(), "--out", tmp.resolve("out").toString());
        assertThat(cli.code()).as(cli.err()).isZero();
        String md = Files.readString(tmp.resolve("out/report.md"));
        assertThat(md).contains("## Answers across machines", "## Findings across machines",
                "| Files.exists(p) against File.exists() |");
        // the finding: the same answer, 1.2x dearer relative to its reference on M2, over both machines' forks
        // the first published run by name, on whichever JDK it ran
        assertThat(md).containsPattern("which existence check on a missing file, JDK \\d+: Files\\.exists\\(p\\) against File\\.exists\\(\\): .*"
                + "M2 over M1: 1\\.20x \\[1\\.1\\d-1\\.2\\d\\]");
        // no score is divided across machines any more, and an unchanged answer is no finding
        assertThat(md).doesNotContain("the dearest machine").doesNotContain("File.isFile() against File.exists(): ");
    }

    @Test
    void runsWithoutQuestionsSayThereIsNothingToCompare() {
        Cli cli = Cli.run("merge", jab.harness.compare.Fixtures.run("linux-run").toString(),
                jab.harness.compare.Fixtures.run("macos-run").toString(), "--out", tmp.toString());
        assertThat(cli.code()).as(cli.err()).isZero();
        assertThat(tmp.resolve("report.md")).content().contains("No question was answered on more than one machine.");
    }

    private static Path copy(Path run, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(run)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }

    /** Multiplies every slice score of one variant of one question by {@code factor} (times: it got dearer). */
    private static void slower(Path comparisons, String question, String variant, double factor) throws IOException {
        JsonNode doc = JSON.readTree(comparisons.toFile());
        for (JsonNode q : doc.path("questions")) {
            if (!q.path("question").asText().equals(question)) {
                continue;
            }
            for (JsonNode f : q.path("forks")) {
                for (JsonNode r : f.path("rounds")) {
                    ArrayNode scores = (ArrayNode) r.path("scores");
                    for (int i = 0; i < r.path("order").size(); i++) {
                        if (r.path("order").get(i).asText().equals(variant)) {
                            scores.set(i, scores.get(i).asDouble() * factor);
                        }
                    }
                }
            }
        }
        JSON.writeValue(comparisons.toFile(), doc);
    }
}
