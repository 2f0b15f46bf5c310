package jab.bench.jgit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.Repository;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

import jab.bench.support.BenchDirs;

/**
 * Time per object of JGit's loose-object insert ({@code ObjectInserter.insert} of a bare file
 * repository), the path seed 002 bisected to: hash the content, ask whether the object exists (packs,
 * then the loose file), write a deflated temp file, ask again, rename it into {@code objects/xx/}. The
 * figure depends on the filesystem of {@code --dir}, the existence check ({@link ProbeVariant}) and the
 * {@value #BLOB_BYTES}-byte blobs.
 *
 * <p>One invocation inserts {@value #BATCH} objects into a repository that holds {@value #BATCH}
 * others. {@code insertNewObjects}: blobs no invocation wrote before, made in the invocation's setup
 * (outside the time), which also removes the last invocation's new files, so the fan-out folders do
 * not fill up over a fork. {@code insertExistingObjects}: the objects already there; JGit finds each
 * one and writes nothing.
 *
 * <p>Run: {@code ./jab run LooseInsert -p exists=STOCK,FILES_EXISTS_NOFOLLOW}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LooseInsertBenchmark {
    /** Objects per invocation: tens of milliseconds of work on disk (an insert there is ~0.5 ms), so per-invocation timing is fine. */
    public static final int BATCH = 250;
    static final int BLOB_BYTES = 256;

    /** A repository of {@value #BATCH} loose objects, opened by a second instance with the variant's checks. */
    @State(Scope.Thread)
    public static class Fixture {
        @Param
        public ProbeVariant exists;

        Path dir;
        Path gitDir;
        Repository repo;
        ObjectInserter inserter;
        List<byte[]> existing;

        @Setup(Level.Trial)
        public void createRepository() throws IOException {
            Probes.use(exists);
            dir = BenchDirs.freshTrialDir("jab-jgit-insert-");
            gitDir = dir.resolve("repo.git");
            existing = Repos.blobs("existing", BATCH, BLOB_BYTES);
            try (Repository builder = Repos.create(gitDir, VariantFs.of(exists))) {
                Repos.insertBlobs(builder, existing);
            }
            repo = Repos.open(gitDir, VariantFs.of(exists));
            inserter = repo.newObjectInserter();
            Probes.requireReached(exists);
        }

        @TearDown(Level.Trial)
        public void removeRepository() {
            inserter.close();
            repo.close();
            BenchDirs.deleteTree(dir);
        }
    }

    /** The next {@value #BATCH} contents no invocation inserted, and the last batch's files removed. */
    @State(Scope.Thread)
    public static class FreshBlobs {
        final List<byte[]> contents = new ArrayList<>(BATCH);
        private final List<ObjectId> written = new ArrayList<>(BATCH);
        private long next;

        @Setup(Level.Invocation)
        public void nextBatch(Fixture f) throws IOException {
            for (ObjectId id : written) {
                String n = id.name();
                Files.deleteIfExists(f.gitDir.resolve("objects").resolve(n.substring(0, 2)).resolve(n.substring(2)));
            }
            written.clear();
            contents.clear();
            for (int i = 0; i < BATCH; i++) {
                byte[] c = Repos.blob("new", next++, BLOB_BYTES);
                contents.add(c);
                written.add(Repos.idOf(c));
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void insertNewObjects(Fixture f, FreshBlobs fresh, Blackhole bh) throws IOException {
        for (byte[] c : fresh.contents) {
            bh.consume(f.inserter.insert(Constants.OBJ_BLOB, c));
        }
        f.inserter.flush();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void insertExistingObjects(Fixture f, Blackhole bh) throws IOException {
        for (byte[] c : f.existing) {
            bh.consume(f.inserter.insert(Constants.OBJ_BLOB, c));
        }
        f.inserter.flush();
    }
}
