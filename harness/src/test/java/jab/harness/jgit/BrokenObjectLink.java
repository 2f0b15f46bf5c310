package jab.harness.jgit;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;

import jab.bench.jgit.Probes;
import jab.bench.jgit.ProbeVariant;
import jab.bench.jgit.Repos;
import jab.bench.jgit.VariantFs;

/**
 * Run in a JVM of its own with the probe agent: a repository where an object's file is a broken
 * symlink, and what JGit's {@code has} answers for it with one variant. Only the checks answer
 * differently there, so the answer shows which check JGit really made. Prints "has=true|false".
 *
 * <p>usage: {@code BrokenObjectLink VARIANT DIR}
 */
public final class BrokenObjectLink {
    private BrokenObjectLink() {
    }

    public static void main(String[] args) throws Exception {
        ProbeVariant v = ProbeVariant.valueOf(args[0]);
        Probes.use(v);
        Path gitDir = Path.of(args[1]).resolve("repo.git");
        ObjectId id = Repos.idOf(Repos.blob("linked", 0, 64));
        try (Repository r = Repos.create(gitDir, VariantFs.of(v))) {
            String n = id.name();
            Path fanOut = Files.createDirectories(gitDir.resolve("objects").resolve(n.substring(0, 2)));
            Files.createSymbolicLink(fanOut.resolve(n.substring(2)), fanOut.resolve("gone"));
        }
        try (Repository r = Repos.open(gitDir, VariantFs.of(v)); ObjectReader reader = r.newObjectReader()) {
            boolean has = reader.has(id);
            Probes.requireReached(v);
            System.out.println("has=" + has);
        }
    }
}
