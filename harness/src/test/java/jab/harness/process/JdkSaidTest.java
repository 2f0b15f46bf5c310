package jab.harness.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import jab.harness.run.question.ForkLogHeader;

class JdkSaidTest {
    /**
     * JDK 25's warning comes from the interleaved forks of the VFORK question, whose output follows the
     * last plain JMH result's in the log (2026-11-29: it read as a JGit lookup's, "e.g. (exists =
     * FILES_EXISTS_NOFOLLOW, layout = LOOSE)").
     */
    @Test
    void aWarningInAnInterleavedForkIsThatForksNotTheResultBeforeIt() {
        String log = String.join("\n",
                "# Benchmark: jab.bench.jgit.ObjectLookupBenchmark.lookupMissingObjects",
                "# Parameters: (exists = FILES_EXISTS_NOFOLLOW, layout = LOOSE)",
                "Iteration   1: 13.5 us/op",
                ForkLogHeader.of("which library launches an existing command (launchMechanism=VFORK)",
                        "25", List.of("java", "-cp", "x", "jab.fork.InterleavedFork")),
                "VFORK MODE DEPRECATED",
                "# Benchmark: jab.bench.process.ProcessLaunchBenchmark.existing",
                "# Parameters: (launchMechanism = VFORK, launcher = PROCESS_BUILDER)",
                "VFORK MODE DEPRECATED");

        Map<String, List<String>> said = ProcessSection.jdkSaid(log);

        assertThat(said).containsOnlyKeys("VFORK MODE DEPRECATED");
        assertThat(said.get("VFORK MODE DEPRECATED")).containsExactly(
                "the interleaved fork of 'which library launches an existing command (launchMechanism=VFORK)'",
                "(launchMechanism = VFORK, launcher = PROCESS_BUILDER)");
    }
}
