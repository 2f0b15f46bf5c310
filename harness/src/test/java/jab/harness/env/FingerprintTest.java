package jab.harness.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.JabRunner;
import jab.harness.jdk.JdkDiscovery;

/** The fingerprint of the machine the tests run on. */
class FingerprintTest {
    @TempDir
    Path dir;

    @Test
    void describesThisMachine() {
        ObjectNode env = Fingerprint.collect(dir, List.of(JdkDiscovery.current()), List.of("-Xmx1g"));
        assertThat(env.path("cpu").path("model").asText()).isNotBlank();
        assertThat(env.path("cpu").path("physicalCores").asInt()).isGreaterThanOrEqualTo(1);
        assertThat(env.path("cpu").path("logicalThreads").asInt()).isGreaterThanOrEqualTo(env.path("cpu").path("physicalCores").asInt());
        assertThat(env.path("memory").path("totalBytes").asLong()).isGreaterThan(1L << 30);
        assertThat(env.path("memory").path("freePageReporting").asText()).isIn("on", "off", "none");
        assertThat(env.path("storage").path("filesystem").asText()).isNotBlank().isNotEqualTo("unknown");
        assertThat(env.path("storage").path("dir").asText()).isNotBlank();
        assertThat(env.path("os").path("kernelRelease").asText()).isEqualTo(System.getProperty("os.version"));
        assertThat(env.path("jvms").get(0).path("version").asText()).isEqualTo(JdkDiscovery.current().version());
        assertThat(env.path("jvmArgs").get(0).asText()).isEqualTo("-Xmx1g");
        assertThat(env.path("date").asText()).matches("\\d{4}-\\d{2}-\\d{2}");
        if (System.getProperty("os.name").equals("Linux")) {
            assertThat(env.path("libc").path("name").asText()).isIn("glibc", "musl");
        }
    }

    @Test
    void envCommandPrintsTheSeedTemplate() {
        JabRunner r = JabRunner.run("env", "--dir", dir.toString());
        assertThat(r.exitCode).isZero();
        assertThat(r.out).contains("#### ").contains("##### ").contains("# Test Date: ").contains("# VM version: JDK ")
                .contains("# VM options: ").contains(System.getProperty("os.version")).contains("GB RAM");
    }
}
