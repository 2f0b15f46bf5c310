package jab.harness.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jab.bench.process.Launched;
import jab.bench.process.ProcessLauncher;
import jab.harness.baseline.NativeBuild;

/** Every API really launches the C child, reads its line, fails on a missing command, and drains MBs. */
class ProcessLauncherTest {
    private static Path child;

    @BeforeAll
    static void buildChild() {
        Optional<Path> c = new NativeBuild().program("hello_child");
        assumeTrue(c.isPresent(), "gcc needed for the C child");
        child = c.get();
    }

    @AfterEach
    void noChildLeft() {
        assertThat(ProcessLeftovers.childrenOfThisJvm()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(ProcessLauncher.class)
    void launchesTheChildAndReadsItsLine(ProcessLauncher launcher) throws Exception {
        Launched l = launcher.launch(child.toString());
        assertThat(l.exitCode).isZero();
        assertThat(l.stdoutText()).isEqualTo("Hello from C!\n");
    }

    @ParameterizedTest
    @EnumSource(ProcessLauncher.class)
    void missingCommandRaisesTheApisError(ProcessLauncher launcher) {
        Exception e = launcher.launchMissing("jab-no-such-command-test");
        assertThat(e).isInstanceOf(java.io.IOException.class);
        assertThat(e.getMessage()).contains("jab-no-such-command-test");
    }

    @ParameterizedTest
    @EnumSource(ProcessLauncher.class)
    @Timeout(60)
    void drainsAChildWritingSeveralMegabytes(ProcessLauncher launcher) throws Exception {
        int bytes = 8 << 20; // 128 times what a pipe holds: a pump that stalls would deadlock here
        Launched l = launcher.launch(child.toString(), "--bytes", Integer.toString(bytes));
        assertThat(l.exitCode).isZero();
        assertThat(l.stdout.length).isEqualTo(bytes);
    }

    @Test
    void launchMissingRefusesACommandThatStarts() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ProcessLauncher.PROCESS_BUILDER.launchMissing(child.toString()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("started the missing command");
    }

    /** The subjects on every JDK jab finds (11, 17, 25 in CI), each in a JVM of that JDK. */
    @Test
    @Timeout(300)
    void everyApiWorksOnEveryJdk() throws Exception {
        List<String> failures = new ArrayList<>();
        for (var jdk : new jab.harness.jdk.JdkDiscovery().discover()) {
            for (ProcessLauncher l : ProcessLauncher.values()) {
                String ok = LaunchChecks.run(jdk, Duration.ofSeconds(60), List.of(), l.name(), child.toString());
                String missing = LaunchChecks.run(jdk, Duration.ofSeconds(60), List.of(), l.name(), "jab-no-such-command-test");
                if (!ok.contains("exit=0 bytes=14 first=Hello from C!") || !ok.contains("left=0")) {
                    failures.add("JDK " + jdk.id() + " " + l + " existing: " + ok);
                }
                if (!missing.contains("ioException=true") || !missing.contains("jab-no-such-command-test")) {
                    failures.add("JDK " + jdk.id() + " " + l + " missing: " + missing);
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    /** A hung child is killed at the launch timeout and reported as an error; nothing is left. */
    @ParameterizedTest
    @EnumSource(ProcessLauncher.class)
    @Timeout(60)
    void aHungChildIsKilledAndReported(ProcessLauncher launcher) throws Exception {
        var jdk = jab.harness.jdk.JdkDiscovery.current();
        // A duration no other process on the machine uses ("sleep 400" of someone else matched "sleep 40").
        String seconds = "40." + java.util.concurrent.ThreadLocalRandom.current().nextInt(100_000, 1_000_000);
        long t0 = System.nanoTime();
        String out = LaunchChecks.run(jdk, Duration.ofSeconds(30), List.of("-Djab.process.timeoutMs=700"), launcher.name(),
                "sleep", seconds);
        assertThat(out).contains("error=").contains("left=0");
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(25));
        assertThat(ProcessLeftovers.matching("sleep " + seconds)).isEmpty();
    }
}
