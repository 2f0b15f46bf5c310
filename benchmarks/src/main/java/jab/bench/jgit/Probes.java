package jab.bench.jgit;

import java.io.File;

import org.eclipse.jgit.util.FS;

/**
 * The existence check JGit's file object database makes, chosen per class loader: {@link ProbeRewrite}
 * turns each of JGit's call sites into a call of {@link #exists(File)} or {@link #exists(FS, File)},
 * with the same stack effect, and these answer with the variant {@link #use} chose.
 *
 * <p>Why the choice is a field read per call and not a rewrite per variant: an interleaved fork runs
 * the four variants in one JVM, each in a class loader of its own (its own copy of JGit and of this
 * class), and switches between them every slice; a rewrite is made once per class, as it loads, for
 * every loader alike. STOCK goes through the same switch and makes JGit's own call ({@code
 * file.exists()}, {@code fs.exists(file)}), so every variant pays the same dispatch, a few
 * nanoseconds against a system call's microsecond.
 *
 * <p>Each call takes the {@link File} JGit holds, so a variant that needs a {@code Path} pays for the
 * conversion, as JGit's own {@code FileUtils.exists} does. Public because JGit's rewritten classes
 * call them from another package.
 */
public final class Probes {
    private static ProbeVariant variant = ProbeVariant.STOCK;
    private static boolean chosen;
    private static boolean reached;

    private Probes() {
    }

    /** Chooses the variant of this class loader (of the JVM, in a JMH fork); call before JGit opens a repository. */
    public static synchronized void use(ProbeVariant v) {
        if (chosen && variant != v) {
            throw new IllegalStateException("this class loader already runs JGit with exists=" + variant + ", not " + v);
        }
        variant = v;
        chosen = true;
    }

    /**
     * Throws unless JGit has called a rewritten check since {@link #use} (STOCK: JGit's own code needs
     * none), so a variant's figure is never JGit's own under another name: with no agent, or a JGit
     * that moved its checks, nothing reaches this class. Call after JGit has looked for an object.
     */
    public static void requireReached(ProbeVariant v) {
        if (v != ProbeVariant.STOCK && !reached) {
            throw new IllegalStateException("exists=" + v + ": no existence check of JGit's " + ProbeRewrite.PACKAGE
                    + " reached jab's probe; it needs the agent that rewrites them, -javaagent:<jar written by "
                    + "ProbeAgent.writeJar> (jab run jgit adds it), and a JGit that still makes them there");
        }
    }

    /** In place of {@code file.exists()}: STOCK makes that call, a variant its own check. */
    public static boolean exists(File f) {
        reach();
        return variant == ProbeVariant.STOCK ? f.exists() : variant.exists(f);
    }

    /** In place of {@code fs.exists(file)}: the FS answers for STOCK only. */
    public static boolean exists(FS fs, File f) {
        reach();
        return variant == ProbeVariant.STOCK ? fs.exists(f) : variant.exists(f);
    }

    private static void reach() {
        if (!reached) { // read, not written, once reached: no store per call
            reached = true;
        }
    }
}
