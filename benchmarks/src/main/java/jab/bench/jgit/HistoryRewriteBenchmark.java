package jab.bench.jgit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
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
 * A small history rewrite in the BFG's spirit, end to end: walk the {@value #COMMITS} commits of a
 * packed repository, read every blob of every commit's tree once, replace a password in it and write
 * the cleaned blob as a new loose object. Time per blob cleaned ({@value #BLOBS} per invocation): the
 * reads from the pack, the text replacement and the loose insert, with each existence check
 * ({@link ProbeVariant}).
 *
 * <p>Each invocation starts from the packed repository alone: its setup removes the last
 * invocation's loose objects and opens the repository again, so JGit's record of the objects it wrote
 * is gone too, and every cleaned blob is new again. The BFG, unlike this, also writes new trees and
 * commits; those are loose inserts of the same kind.
 *
 * <p>Run: {@code ./jab run HistoryRewrite -p exists=STOCK,FILE_EXISTS}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class HistoryRewriteBenchmark {
    static final int COMMITS = 300;
    static final int FILES = 8;
    /** Distinct blobs: the first commit's files, then one changed file per later commit. */
    static final int BLOBS = FILES + COMMITS - 1;
    private static final String SECRET = "password=hunter2";
    private static final String CLEAN = "password=***REMOVED***";

    @Param
    public ProbeVariant exists;

    Path dir;
    Path gitDir;
    private ObjectId head;
    private Repository repo;

    @Setup(Level.Trial)
    public void createHistory() throws IOException {
        Probes.use(exists);
        dir = BenchDirs.freshTrialDir("jab-jgit-rewrite-");
        gitDir = dir.resolve("repo.git");
        try (Repository builder = Repos.create(gitDir, VariantFs.of(exists)); ObjectInserter ins = builder.newObjectInserter()) {
            List<ObjectId> files = new ArrayList<>();
            for (int f = 0; f < FILES; f++) {
                files.add(ins.insert(Constants.OBJ_BLOB, version(f, 0)));
            }
            ObjectId commit = Repos.commit(ins, Repos.tree(ins, files), null, "commit 0");
            for (int c = 1; c < COMMITS; c++) {
                int f = c % FILES;
                files.set(f, ins.insert(Constants.OBJ_BLOB, version(f, c)));
                commit = Repos.commit(ins, Repos.tree(ins, files), commit, "commit " + c);
            }
            ins.flush();
            Repos.setHead(builder, commit);
            Repos.pack(builder);
            head = commit;
        }
        Probes.requireReached(exists);
    }

    /** File {@code f} as commit {@code c} left it: a few lines, one of them the password. */
    private static byte[] version(int f, int c) {
        String text = "# config file " + f + ", version " + c + "\nhost=db" + f + ".example.invalid\n" + SECRET
                + "\nretries=" + (c % 5) + "\n" + new String(Repos.blob("padding", c, 160), StandardCharsets.US_ASCII);
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The packed repository alone, opened afresh. */
    @Setup(Level.Invocation)
    public void reopen() throws IOException {
        if (repo != null) {
            repo.close();
        }
        Repos.deleteLooseObjects(gitDir);
        repo = Repos.open(gitDir, VariantFs.of(exists));
    }

    @TearDown(Level.Trial)
    public void removeHistory() {
        repo.close();
        BenchDirs.deleteTree(dir);
    }

    @Benchmark
    @OperationsPerInvocation(BLOBS)
    public int rewriteHistory(Blackhole bh) throws IOException {
        Set<ObjectId> seen = new HashSet<>();
        int cleaned = 0;
        try (ObjectReader reader = repo.newObjectReader(); ObjectInserter ins = repo.newObjectInserter();
             RevWalk walk = new RevWalk(reader); TreeWalk tree = new TreeWalk(reader)) {
            walk.markStart(walk.parseCommit(head));
            for (RevCommit c : walk) {
                tree.reset(c.getTree());
                tree.setRecursive(true);
                while (tree.next()) {
                    ObjectId blob = tree.getObjectId(0);
                    if (seen.add(blob)) {
                        String text = new String(reader.open(blob, Constants.OBJ_BLOB).getCachedBytes(), StandardCharsets.UTF_8);
                        if (text.contains(SECRET)) {
                            bh.consume(ins.insert(Constants.OBJ_BLOB, text.replace(SECRET, CLEAN).getBytes(StandardCharsets.UTF_8)));
                            cleaned++;
                        }
                    }
                }
            }
            ins.flush();
        }
        if (cleaned != BLOBS) {
            throw new IllegalStateException("cleaned " + cleaned + " blobs, the history has " + BLOBS);
        }
        return cleaned;
    }
}
