package jab.harness.jgit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.ConsoleWidth;
import jab.harness.JabRunner;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.results.BenchResult;
import jab.harness.results.RunResults;

/** {@code jab run jgit --profile smoke --jdk all}, read back from disk; and {@code jab list} names the family. */
class JgitRunEndToEndTest {
    @TempDir
    Path out;

    @TempDir
    Path dir;

    @Test
    void jabListNamesTheFamilyAndItsWorkloads() {
        JabRunner r = JabRunner.run("list");
        assertThat(r.exitCode).isZero();
        assertThat(r.out).contains("jgit: JGit 7.", "jgit.LooseInsertBenchmark.insertNewObjects", "jgit.ObjectLookupBenchmark.lookupMissingObjects",
                "jgit.HistoryRewriteBenchmark.rewriteHistory", "FILES_EXISTS_NOFOLLOW");
    }

    @Test
    void smokeRunOnEveryJdkGivesEachWorkloadWithEachCheckAndTheShares() throws Exception {
        List<Jdk> jdks = JdkSelector.select("all", new JdkDiscovery());
        JabRunner r = JabRunner.run("run", "jgit", "--profile", "smoke", "--jdk", "all", "--dir", dir.toString(), "--out", out.toString());
        assertThat(r.exitCode).as(r.out + r.err).isZero();
        ConsoleWidth.assertFits(r.out);
        RunResults run = RunResults.read(r.resultsDir());
        List<Jdk> able = jdks.stream().filter(j -> j.feature() >= JgitFamily.MIN_JDK).toList();
        assertThat(run.jdkIds()).containsExactlyInAnyOrderElementsOf(able.stream().map(Jdk::id).toList());
        String[] variants = {"STOCK", "FILE_EXISTS", "FILES_EXISTS", "FILES_EXISTS_NOFOLLOW"};
        for (String jdk : run.jdkIds()) {
            List<BenchResult> rs = RunResults.filter(run.jmh(jdk), b -> b.benchmark().startsWith(JgitSection.BENCH));
            for (String method : new String[] {"insertNewObjects", "insertExistingObjects", "lookupExistingObjects",
                "lookupMissingObjects", "rewriteHistory"}) {
                for (String v : variants) {
                    assertThat(rs).as(jdk + " " + method + " " + v).anySatisfy(b -> {
                        assertThat(b.method()).isEqualTo(method);
                        assertThat(b.param("exists")).isEqualTo(v);
                        assertThat(b.score()).isFinite().isPositive();
                        assertThat(b.unit()).isEqualTo("us/op");
                    });
                }
            }
            // smoke leaves the packed contrast to the default profile
            assertThat(rs).noneMatch(b -> "PACKED".equals(b.param("layout")));
        }
        String summary = Files.readString(r.resultsDir().resolve("summary.md"));
        for (Jdk j : able) {
            assertThat(summary).contains("Inserting a new loose object on JDK " + j.id() + ": JGit's own checks ")
                    .containsPattern("Seed 002's question, inserting a new loose object on JDK " + j.id()
                            + ": the existence check is -?[0-9.]+% ");
        }
        assertThat(summary).contains("broken symlink", "05acf1c62f");
        jdks.stream().filter(j -> j.feature() < JgitFamily.MIN_JDK)
                .forEach(j -> assertThat(run.notes()).anyMatch(n -> n.contains("JDK " + j.version() + " skipped")));
        try (var left = Files.list(dir)) {
            assertThat(left.toList()).as("repositories removed from --dir").isEmpty();
        }
    }
}
