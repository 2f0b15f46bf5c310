package jab.harness.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import jab.harness.JabRunner;

/** jab calibrate --simulate: the table, simulation.json, and clear errors for what is no run. */
class SimulateCommandTest {
    @Test
    void withoutRunsItSimulatesTheDefaultNoiseAndWritesSimulationJson(@TempDir Path out) throws Exception {
        JabRunner r = JabRunner.run("calibrate", "--simulate", "--simulations", "200", "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        assertThat(r.out).contains("jab's default noise", "| true ratio | faster | slower | the same | undecided |", "before: a single look");
        JsonNode doc = new ObjectMapper().readTree(r.resultsDir().resolve("simulation.json").toFile());
        assertThat(doc.path("band").asDouble()).isEqualTo(0.03);
        assertThat(doc.path("rows")).hasSize(4);
        JsonNode edge = doc.path("rows").get(1);
        assertThat(edge.path("trueRatio").asDouble()).isEqualTo(1.03);
        assertThat(edge.path("runs").asInt()).isEqualTo(200);
        int sum = 0;
        for (String v : new String[] {"faster", "slower", "the same", "undecided"}) {
            sum += edge.path("verdicts").path(v).asInt();
        }
        assertThat(sum).isEqualTo(200);
        // without runs, a default run's design on this project's VM: one look after its three first forks
        assertThat(doc.path("design").path("maxForks").asInt()).isEqualTo(3);
    }

    @Test
    void aFolderThatIsNoRunIsRefusedWithoutWritingAnything(@TempDir Path out, @TempDir Path notARun) throws Exception {
        JabRunner missing = JabRunner.run("calibrate", "--simulate", notARun.resolve("nope").toString(), "--out", out.toString());
        assertThat(missing.exitCode).isNotZero();
        assertThat(missing.err).contains("no such run directory");
        JabRunner empty = JabRunner.run("calibrate", "--simulate", notARun.toString(), "--out", out.toString());
        assertThat(empty.exitCode).isNotZero();
        assertThat(empty.err).contains("holds no comparisons.json");
        try (var files = Files.list(out)) {
            assertThat(files).isEmpty();
        }
    }
}
