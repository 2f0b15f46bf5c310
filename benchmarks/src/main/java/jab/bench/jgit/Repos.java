package jab.bench.jgit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.TreeFormatter;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.util.FS;

/**
 * Bare repositories for the jgit benchmarks, made and read with JGit's own API. A fixture is built
 * by one Repository instance and closed; the benchmark opens another, so JGit's in-memory record of
 * the loose objects it wrote itself ({@code UnpackedObjectCache}) cannot answer in place of the files.
 */
public final class Repos {
    /** Commits, trees and blobs all carry this author and time, so a fixture's ids are the same in every fork. */
    private static final PersonIdent AUTHOR = new PersonIdent("jab", "jab@example.invalid",
            Instant.parse("2015-08-28T13:09:50Z"), ZoneOffset.UTC);

    private Repos() {
    }

    /** A new bare repository at {@code gitDir}. */
    public static Repository create(Path gitDir, FS fs) throws IOException {
        Repository r = open(gitDir, fs);
        r.create(true);
        return r;
    }

    /** The repository at {@code gitDir}, with {@code fs} as its file system. */
    public static Repository open(Path gitDir, FS fs) throws IOException {
        return new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setFS(fs).setBare().build();
    }

    /**
     * A blob's content of {@code size} bytes that no other {@code (tag, n)} shares: a header line, then
     * filler text up to the size, so the deflater works on text as it would on source files.
     */
    public static byte[] blob(String tag, long n, int size) {
        StringBuilder s = new StringBuilder(size).append(tag).append(' ').append(n).append('\n');
        while (s.length() < size) {
            s.append("jab jgit ").append(n % 97).append(" lorem ipsum dolor sit amet\n");
        }
        s.setLength(size);
        return s.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** {@code count} blob contents, {@code (tag, 0)} to {@code (tag, count - 1)}. */
    public static List<byte[]> blobs(String tag, int count, int size) {
        List<byte[]> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(blob(tag, i, size));
        }
        return out;
    }

    /** The id a blob of this content has, computed without writing it. */
    public static ObjectId idOf(byte[] content) {
        return new ObjectInserter.Formatter().idFor(Constants.OBJ_BLOB, content);
    }

    /** Inserts each content as a blob (a loose object) and returns their ids. */
    public static List<ObjectId> insertBlobs(Repository r, List<byte[]> contents) throws IOException {
        List<ObjectId> ids = new ArrayList<>(contents.size());
        try (ObjectInserter ins = r.newObjectInserter()) {
            for (byte[] c : contents) {
                ids.add(ins.insert(Constants.OBJ_BLOB, c));
            }
            ins.flush();
        }
        return ids;
    }

    /** A tree of {@code blobs} (files f000000, f000001, ...), sorted as git requires. */
    public static ObjectId tree(ObjectInserter ins, List<ObjectId> blobs) throws IOException {
        TreeFormatter t = new TreeFormatter();
        for (int i = 0; i < blobs.size(); i++) {
            t.append(String.format("f%06d", i), FileMode.REGULAR_FILE, blobs.get(i));
        }
        return ins.insert(t);
    }

    /** A commit of {@code tree} on top of {@code parent} (none: null). */
    public static ObjectId commit(ObjectInserter ins, ObjectId tree, ObjectId parent, String message) throws IOException {
        CommitBuilder c = new CommitBuilder();
        c.setTreeId(tree);
        if (parent != null) {
            c.setParentId(parent);
        }
        c.setAuthor(AUTHOR);
        c.setCommitter(AUTHOR);
        c.setMessage(message);
        return ins.insert(c);
    }

    /** Points HEAD's branch at {@code commit}, so gc keeps what it reaches. */
    public static void setHead(Repository r, ObjectId commit) throws IOException {
        RefUpdate u = r.updateRef(Constants.HEAD);
        u.setNewObjectId(commit);
        RefUpdate.Result result = u.forceUpdate();
        if (result != RefUpdate.Result.NEW && result != RefUpdate.Result.FORCED && result != RefUpdate.Result.NO_CHANGE) {
            throw new IOException("cannot update HEAD: " + result);
        }
    }

    /** git gc: every object HEAD reaches into one pack, the loose copies removed. */
    public static void pack(Repository r) throws IOException {
        try {
            Git.wrap(r).gc().call();
        } catch (GitAPIException e) {
            throw new IOException("gc failed", e);
        }
    }

    /**
     * Removes every loose object file (objects/xx/*) and keeps the fan-out folders, so the next
     * batch of inserts finds the folders it would find in a used repository, and no file of the last.
     */
    public static void deleteLooseObjects(Path gitDir) {
        try (DirectoryStream<Path> fanOuts = Files.newDirectoryStream(gitDir.resolve("objects"), "[0-9a-f][0-9a-f]")) {
            for (Path fanOut : fanOuts) {
                try (DirectoryStream<Path> objects = Files.newDirectoryStream(fanOut)) {
                    for (Path o : objects) {
                        Files.delete(o);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the loose objects of " + gitDir, e);
        }
    }
}
