package jab.bench.jgit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jgit.lib.Repository;

import jab.bench.support.BenchDirs;

/**
 * The probe {@code jab verify jgit} traces: in a fresh JVM (started with the {@link ProbeAgent}), a
 * repository of {@value LooseInsertBenchmark#BATCH} loose objects, as the insert benchmark has, then N
 * new objects inserted with one {@link ProbeVariant}. The harness runs it with n and 2n under strace
 * and takes the difference: what remains, over n, is what one insert does.
 *
 * <p>usage: {@code InsertLoop VARIANT DIR N}; prints the number of objects inserted. It leaves the
 * repository in a fresh folder under DIR for the caller to remove: removing it here would put an
 * unlink and a stat per object into the trace.
 */
public final class InsertLoop {
    private InsertLoop() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: InsertLoop VARIANT DIR N");
            System.exit(2);
        }
        ProbeVariant variant = ProbeVariant.valueOf(args[0]);
        Probes.use(variant);
        Path dir = BenchDirs.freshTrialDir(Path.of(args[1]), "jab-jgit-probe-");
        long n = Long.parseLong(args[2]);
        Path gitDir = dir.resolve("repo.git");
        List<byte[]> existing = Repos.blobs("existing", LooseInsertBenchmark.BATCH, LooseInsertBenchmark.BLOB_BYTES);
        try (Repository builder = Repos.create(gitDir, VariantFs.of(variant))) {
            Repos.insertBlobs(builder, existing);
        }
        List<byte[]> fresh = Repos.blobs("new", Math.toIntExact(n), LooseInsertBenchmark.BLOB_BYTES);
        try (Repository repo = Repos.open(gitDir, VariantFs.of(variant))) {
            Probes.requireReached(variant);
            System.out.println(Repos.insertBlobs(repo, fresh).size());
        }
    }
}
