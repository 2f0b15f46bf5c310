package jab.harness.jgit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.harness.jdk.ForkClasspath;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.trace.SyscallCount;

/** The variant really is the check JGit makes (the agent reaches it), and verify's trace of an insert. */
@EnabledOnOs(OS.LINUX)
class JgitProbeTest {
    @TempDir
    Path work;

    private final Jdk jdk = JdkDiscovery.current();

    @Test
    void jgitsAnswerForABrokenObjectLinkFollowsTheVariant() throws Exception {
        // JGit's own loose check is File.exists(): a dangling link is no object
        assertThat(has("STOCK")).isFalse();
        assertThat(has("FILE_EXISTS")).isFalse();
        assertThat(has("FILES_EXISTS")).isFalse();
        // only a JGit whose check was really replaced can say the dangling link is an object
        assertThat(has("FILES_EXISTS_NOFOLLOW")).isTrue();
    }

    private boolean has(String variant) throws Exception {
        Path dir = work.resolve(variant);
        Result r = Subprocess.of(jdk.java().toString(), "-javaagent:" + JgitFamily.agentJar(work), "-cp", ForkClasspath.get(),
                BrokenObjectLink.class.getName(), variant, dir.toString()).mergeStderrIntoStdout()
                .timeout(Duration.ofSeconds(60)).run();
        assertThat(r.ok()).as(r.stdout()).isTrue();
        assertThat(r.stdout()).as(variant).containsPattern("has=(true|false)");
        return r.stdout().contains("has=true");
    }

    @Test
    void anInsertMakesTheVariantsProbesOnTheObjectPath() throws Exception {
        Optional<Path> strace = SyscallCount.strace();
        Assumptions.assumeTrue(strace.isPresent(), SyscallCount.NO_STRACE);
        Path agent = JgitFamily.agentJar(work);
        InsertTrace stock = InsertTrace.of(strace.get(), jdk, "STOCK", agent, work);
        InsertTrace nofollow = InsertTrace.of(strace.get(), jdk, "FILES_EXISTS_NOFOLLOW", agent, work);
        // every insert renames one temp file into place and makes it read-only
        for (InsertTrace t : new InsertTrace[] {stock, nofollow}) {
            assertThat(t.syscalls()).as(t.words()).anySatisfy(c -> {
                assertThat(c.syscall()).isEqualTo("rename");
                assertThat(c.calls()).isBetween(0.95, 1.05);
            });
            assertThat(t.probes()).as(t.words()).isGreaterThanOrEqualTo(3);
            assertThat(t.words()).endsWith("probes: stat-family calls)").contains("per inserted object");
        }
    }
}
