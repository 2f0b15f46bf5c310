package jab.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

class MachineControlTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void slowerNativeFloorsAndASlowerCacheSayTheMachineChanged() throws IOException {
        Path a = copy("a", 17, 17.5, 18, 17.2);
        Path b = copy("b", 41, 45, 38, 52);
        FixtureRuns.scale(b.resolve("native.json"), 1.3);
        Cli cli = Cli.run("compare", a.toString(), b.toString());
        assertThat(cli.code()).isZero();
        assertThat(cli.linesWith("native floors (C, no JVM)")).singleElement().asString().contains("2 compared: 0 faster, 2 slower");
        assertThat(cli.linesWith("cache probe")).singleElement().asString().contains("A median 17.4").contains("(changed)");
        assertThat(cli.out()).contains("The machine was not the same in A and B: 2 of 2 native floors changed");
        assertThat(cli.linesWith("JVM results:")).singleElement().asString().contains("compared:");
    }

    @Test
    void theSameMachineStateIsSaidToBeUnchanged() throws IOException {
        Path a = copy("a", 17, 17.5, 18, 17.2);
        Path b = copy("b", 17.1, 17.4, 18.2, 17.3);
        Cli cli = Cli.run("compare", a.toString(), b.toString());
        assertThat(cli.linesWith("native floors (C, no JVM)")).singleElement().asString().contains("2 no significant change");
        assertThat(cli.linesWith("cache probe")).singleElement().asString().contains("(no change beyond the threshold)");
        assertThat(cli.out()).contains("No change of the machine seen").doesNotContain("was not the same");
    }

    @Test
    void runsWithoutNativesOrProbesPrintNoMachineSection() {
        Cli cli = Cli.run("compare", Fixtures.run("noenv-run").toString(), Fixtures.run("noenv-run").toString());
        assertThat(cli.out()).doesNotContain("The machine");
    }

    /** The Linux fixture run, with these cache probe samples in its env.json. */
    private Path copy(String name, double... probe) throws IOException {
        Path dir = FixtureRuns.copy(tmp.resolve(name));
        ObjectNode env = (ObjectNode) JSON.readTree(dir.resolve("env.json").toFile());
        ObjectNode cache = env.withObjectProperty("run").withObjectProperty("cacheProbe");
        cache.put("bytes", 2 << 20);
        ArrayNode ns = cache.withArrayProperty("nanosPerLoad");
        for (double p : probe) {
            ns.add(p);
        }
        JSON.writeValue(dir.resolve("env.json").toFile(), env);
        return dir;
    }
}
