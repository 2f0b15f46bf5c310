package jab.harness.jgit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.family.Measurement;
import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.trace.SyscallCount;

/** What a default-profile run records before JMH: an insert's trace per check asked for, and the semantics. */
class JgitMeasureTest {
    @TempDir
    Path work;

    @Test
    void aDefaultRunTracesOneInsertPerCheckAndRecordsWhatTheChecksAnswer() throws Exception {
        Assumptions.assumeTrue(SyscallCount.strace().isPresent(), SyscallCount.NO_STRACE);
        Jdk jdk = JdkDiscovery.current();
        RunContext ctx = new RunContext(Profile.DEFAULT, Map.of(), Map.of("exists", new String[] {"STOCK"}), List.of(jdk), work,
                new PrintStream(OutputStream.nullOutputStream()), false);
        Measurement m = new JgitFamily().measureBeforeJmh(ctx);
        JgitDocument doc = (JgitDocument) m.documents().get(JgitDocument.NAME);
        assertThat(doc.traces()).singleElement().satisfies(t -> {
            assertThat(t.exists()).isEqualTo("STOCK");
            assertThat(t.jdk()).isEqualTo(jdk.id());
            assertThat(t.probes()).isGreaterThanOrEqualTo(3);
        });
        assertThat(doc.semantics().get(jdk.id()).get("BROKEN_SYMLINK"))
                .containsEntry("FILE_EXISTS", "false").containsEntry("FILES_EXISTS_NOFOLLOW", "true");
    }
}
