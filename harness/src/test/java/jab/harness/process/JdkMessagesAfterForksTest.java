package jab.harness.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.family.Profile;
import jab.harness.family.RunContext;

/**
 * process-jdk-messages.json is read once every fork has run ({@link ProcessFamily#documentsAfterForks}),
 * so the forks of the solo rounds, which run after the measurements outside JMH, are counted too.
 */
class JdkMessagesAfterForksTest {
    @TempDir
    Path work;

    @Test
    void everyForkThatSaidAMessageIsCounted() throws Exception {
        Files.writeString(work.resolve(JdkMessagesDocument.FORKS_FILE),
                "25\tVFORK\tVFORK is deprecated\n25\tVFORK\tVFORK is deprecated\n25\tVFORK\tVFORK is deprecated\n");
        Map<String, Object> docs = new ProcessFamily().documentsAfterForks(context());
        assertThat(docs).containsOnlyKeys(JdkMessagesDocument.NAME);
        assertThat(docs.get(JdkMessagesDocument.NAME)).isEqualTo(List.of(new JdkMessagesDocument.Message("25", "VFORK",
                "VFORK is deprecated", 3)));
    }

    @Test
    void forksThatSaidNothingMakeNoDocument() throws Exception {
        assertThat(new ProcessFamily().documentsAfterForks(context())).isEmpty();
    }

    private RunContext context() {
        return new RunContext(Profile.DEFAULT, Map.of(), Map.of(), List.of(), work, new PrintStream(OutputStream.nullOutputStream()), false);
    }
}
