package jab.bench.jgit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectChecker;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.ObjectWalk;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevObject;
import org.eclipse.jgit.util.FS;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The repositories the benchmarks build (loose, packed, with history, and after a rewrite) are valid
 * git repositories: {@code git fsck --strict} where git is installed, JGit's own fsck otherwise. Run
 * with JGit's own checks (STOCK): this JVM has no agent.
 */
class FixturesTest {
    private static final Blackhole BH = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    @BeforeAll
    static void stock() {
        Probes.use(ProbeVariant.STOCK);
    }

    @Test
    void theInsertFixtureIsValidBeforeAndAfterABatchOfNewObjects() throws Exception {
        LooseInsertBenchmark.Fixture f = new LooseInsertBenchmark.Fixture();
        f.exists = ProbeVariant.STOCK;
        f.createRepository();
        try {
            assertThat(looseObjects(f.gitDir)).isEqualTo(LooseInsertBenchmark.BATCH);
            LooseInsertBenchmark.FreshBlobs fresh = new LooseInsertBenchmark.FreshBlobs();
            fresh.nextBatch(f);
            new LooseInsertBenchmark().insertNewObjects(f, fresh, BH);
            assertThat(looseObjects(f.gitDir)).isEqualTo(2 * LooseInsertBenchmark.BATCH);
            fsck(f.gitDir);
            fresh.nextBatch(f);
            assertThat(looseObjects(f.gitDir)).as("the last batch removed, the existing objects kept")
                    .isEqualTo(LooseInsertBenchmark.BATCH);
            new LooseInsertBenchmark().insertExistingObjects(f, BH);
            assertThat(looseObjects(f.gitDir)).isEqualTo(LooseInsertBenchmark.BATCH);
        } finally {
            f.removeRepository();
        }
        assertThat(f.dir).doesNotExist();
    }

    @Test
    void theLooseAndPackedLookupFixturesAreValid() throws Exception {
        for (ObjectLookupBenchmark.Layout layout : ObjectLookupBenchmark.Layout.values()) {
            ObjectLookupBenchmark b = new ObjectLookupBenchmark();
            b.exists = ProbeVariant.STOCK;
            b.layout = layout;
            b.createRepository();
            try {
                Path gitDir = b.dir.resolve("repo.git");
                assertThat(looseObjects(gitDir)).as(layout.toString())
                        .isEqualTo(layout == ObjectLookupBenchmark.Layout.LOOSE ? ObjectLookupBenchmark.OBJECTS : 0);
                fsck(gitDir);
                assertThat(b.lookupExistingObjects()).isTrue();
                assertThat(b.lookupMissingObjects()).isFalse();
            } finally {
                b.removeRepository();
            }
            assertThat(b.dir).doesNotExist();
        }
    }

    @Test
    void theHistoryIsValidAndItsRewriteWritesEveryCleanedBlobAsAValidLooseObject() throws Exception {
        HistoryRewriteBenchmark b = new HistoryRewriteBenchmark();
        b.exists = ProbeVariant.STOCK;
        b.createHistory();
        try {
            assertThat(looseObjects(b.gitDir)).as("packed by gc").isZero();
            fsck(b.gitDir);
            b.reopen();
            assertThat(b.rewriteHistory(BH)).isEqualTo(HistoryRewriteBenchmark.BLOBS);
            assertThat(looseObjects(b.gitDir)).isEqualTo(HistoryRewriteBenchmark.BLOBS);
            fsck(b.gitDir);
            b.reopen();
            assertThat(looseObjects(b.gitDir)).as("each invocation starts from the pack alone").isZero();
        } finally {
            b.removeHistory();
        }
        assertThat(b.dir).doesNotExist();
    }

    private static long looseObjects(Path gitDir) throws IOException {
        try (Stream<Path> s = Files.walk(gitDir.resolve("objects"))) {
            return s.filter(p -> p.getParent().getFileName().toString().matches("[0-9a-f]{2}") && Files.isRegularFile(p)).count();
        }
    }

    /** git fsck --strict (dangling objects are fine: the fixtures hold blobs no commit reaches), else JGit's checks. */
    private static void fsck(Path gitDir) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("git", "--git-dir=" + gitDir, "fsck", "--strict", "--no-progress").redirectErrorStream(true).start();
        } catch (IOException noGit) {
            jgitCheck(gitDir);
            return;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("git fsck: " + out).isZero();
        assertThat(out).as("git fsck").doesNotContain("error", "missing", "corrupt");
    }

    /** Without git: JGit's ObjectChecker on every loose object, and every object HEAD reaches. */
    private static void jgitCheck(Path gitDir) throws IOException {
        ObjectChecker checker = new ObjectChecker();
        try (Repository r = Repos.open(gitDir, FS.DETECTED); ObjectReader reader = r.newObjectReader();
             Stream<Path> files = Files.walk(gitDir.resolve("objects"))) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                String fan = p.getParent().getFileName().toString();
                if (fan.matches("[0-9a-f]{2}")) {
                    ObjectLoader o = reader.open(ObjectId.fromString(fan + p.getFileName()));
                    checker.check(o.getType(), o.getCachedBytes());
                }
            }
            ObjectId head = r.resolve(Constants.HEAD);
            if (head != null) {
                try (ObjectWalk walk = new ObjectWalk(reader)) {
                    walk.markStart(walk.parseAny(head));
                    for (RevCommit c = walk.next(); c != null; c = walk.next()) {
                        checker.check(Constants.OBJ_COMMIT, reader.open(c).getCachedBytes());
                    }
                    for (RevObject o = walk.nextObject(); o != null; o = walk.nextObject()) {
                        checker.check(o.getType(), reader.open(o).getCachedBytes());
                    }
                }
            }
        }
    }
}
