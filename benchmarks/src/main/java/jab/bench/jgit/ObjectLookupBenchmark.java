package jab.bench.jgit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import jab.bench.support.BenchDirs;

/**
 * Time of one {@code ObjectReader.has(id)} in a bare file repository of {@value #OBJECTS} blobs, for
 * an id it holds and one it does not, with each existence check ({@link ProbeVariant}). {@code LOOSE}:
 * every object is a file, so each lookup asks the filesystem; {@code PACKED}: after {@code git gc}
 * every object is in one pack, so a lookup that finds its id in the pack index asks nothing, and only
 * a missing id falls through to the loose-object check (the contrast).
 *
 * <p>The ids are walked in a fixed order, a different object each call, so no single file stays hot;
 * missing ids are those of blobs that were never written.
 *
 * <p>Run: {@code ./jab run ObjectLookup -p layout=LOOSE}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ObjectLookupBenchmark {
    static final int OBJECTS = 500;

    /** Where the repository keeps its objects. */
    public enum Layout {
        LOOSE, PACKED
    }

    @Param
    public ProbeVariant exists;

    @Param
    public Layout layout;

    Path dir;
    private Repository repo;
    private ObjectReader reader;
    private ObjectId[] present;
    private ObjectId[] absent;
    private int cursor;

    @Setup
    public void createRepository() throws IOException {
        Probes.use(exists);
        dir = BenchDirs.freshTrialDir("jab-jgit-lookup-");
        Path gitDir = dir.resolve("repo.git");
        List<byte[]> contents = Repos.blobs("object", OBJECTS, LooseInsertBenchmark.BLOB_BYTES);
        present = new ObjectId[OBJECTS];
        absent = Repos.blobs("never written", OBJECTS, LooseInsertBenchmark.BLOB_BYTES).stream().map(Repos::idOf)
                .toArray(ObjectId[]::new);
        try (Repository builder = Repos.create(gitDir, VariantFs.of(exists))) {
            List<ObjectId> ids = Repos.insertBlobs(builder, contents);
            ids.toArray(present);
            if (layout == Layout.PACKED) {
                try (ObjectInserter ins = builder.newObjectInserter()) {
                    Repos.setHead(builder, Repos.commit(ins, Repos.tree(ins, ids), null, "all blobs"));
                    ins.flush();
                }
                Repos.pack(builder);
            }
        }
        repo = Repos.open(gitDir, VariantFs.of(exists));
        reader = repo.newObjectReader();
        Probes.requireReached(exists);
        if (!reader.has(present[0]) || reader.has(absent[0])) {
            throw new IllegalStateException("the " + layout + " fixture does not hold exactly the objects written");
        }
    }

    @TearDown
    public void removeRepository() {
        reader.close();
        repo.close();
        BenchDirs.deleteTree(dir);
    }

    @Benchmark
    public boolean lookupExistingObjects() throws IOException {
        return reader.has(present[nextIndex()]);
    }

    @Benchmark
    public boolean lookupMissingObjects() throws IOException {
        return reader.has(absent[nextIndex()]);
    }

    private int nextIndex() {
        int i = cursor;
        cursor = i + 1 == OBJECTS ? 0 : i + 1;
        return i;
    }
}
