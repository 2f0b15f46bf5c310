package jab.bench.jgit;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Puts a {@link ProbeVariant} in place of every existence check of JGit's file object database (the
 * classes of {@code org.eclipse.jgit.internal.storage.file}), as they are loaded.
 *
 * <p>Why a rewrite and not only an {@code FS}: since JGit 4.1 (commit 05acf1c62f, JGit's answer to
 * seed 002) the loose-object checks call {@code java.io.File.exists()} on the File they build
 ({@code LooseObjects.has} and {@code LooseObjects.insert}: three per new object, as {@code jab verify
 * jgit} shows), and {@code FileSnapshot.MISSING_FILE} asks the static {@code FS.DETECTED}: no FS handed
 * to the repository reaches either. The pack folders' attributes ({@code FS.DETECTED.fileAttributes})
 * are no existence check and stay JGit's. So each {@code invokevirtual File.exists()Z} becomes
 * {@code invokestatic Probes.m(File)Z} and each {@code invokevirtual FS.exists(File)Z} becomes
 * {@code invokestatic Probes.m(FS, File)Z}: the same stack effect and length, so nothing else in the
 * class changes. STOCK rewrites nothing: JGit's own bytes run.
 *
 * <p>The variant is fixed once per JVM ({@link #use}) before the first of those classes loads; a
 * class loaded earlier would keep JGit's check, so {@link #use} refuses then, and
 * {@link #requireReached} refuses a variant that reached no call site (no agent, or a JGit that
 * moved its checks), so a variant's figure is never JGit's own under another name.
 */
public final class ProbeRewrite implements ClassFileTransformer {
    static final String PACKAGE = "org/eclipse/jgit/internal/storage/file/";
    private static final String PROBES = Probes.class.getName().replace('.', '/');
    private static final String FILE = "java/io/File";
    private static final String FS = "org/eclipse/jgit/util/FS";

    private static volatile boolean installed;
    private static volatile ProbeVariant variant;
    private static volatile Throwable failure;
    private static final AtomicInteger SITES = new AtomicInteger();
    private static final Set<String> LOADED_BEFORE = ConcurrentHashMap.newKeySet();

    private ProbeRewrite() {
    }

    static void install(Instrumentation inst) {
        inst.addTransformer(new ProbeRewrite());
        installed = true;
    }

    /** Chooses the variant of this JVM; call before JGit opens a repository. */
    public static synchronized void use(ProbeVariant v) {
        if (variant != null && variant != v) {
            throw new IllegalStateException("this JVM already runs JGit with exists=" + variant + ", not " + v);
        }
        if (v != ProbeVariant.STOCK && !LOADED_BEFORE.isEmpty()) {
            throw new IllegalStateException("JGit classes loaded before exists=" + v + " was chosen keep JGit's checks: "
                    + LOADED_BEFORE);
        }
        variant = v;
    }

    /** Throws unless the variant now replaces JGit's checks (STOCK: nothing to replace). */
    public static void requireReached(ProbeVariant v) {
        if (v == ProbeVariant.STOCK) {
            return;
        }
        if (failure != null) {
            throw new IllegalStateException("rewriting JGit's existence checks failed", failure);
        }
        if (!installed) {
            throw new IllegalStateException("exists=" + v + " needs the agent that rewrites JGit's existence checks: "
                    + "-javaagent:<jar written by ProbeAgent.writeJar> (jab run jgit adds it)");
        }
        if (SITES.get() == 0) {
            throw new IllegalStateException("exists=" + v + ": no existence check of " + PACKAGE + " was found to replace");
        }
    }

    /** Call sites replaced so far in this JVM. */
    public static int sitesReplaced() {
        return SITES.get();
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                            byte[] bytes) {
        if (className == null || !className.startsWith(PACKAGE)) {
            return null;
        }
        ProbeVariant v = variant;
        if (v == null) {
            LOADED_BEFORE.add(className);
            return null;
        }
        if (v == ProbeVariant.STOCK) {
            return null;
        }
        try {
            return rewrite(bytes, v.probeMethod());
        } catch (RuntimeException | LinkageError e) {
            failure = e; // the JVM drops a transformer's exception silently: keep it for requireReached
            return null;
        }
    }

    /** The class with its existence checks calling {@code Probes.method}; null when it makes none. */
    static byte[] rewrite(byte[] bytes, String method) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, 0);
        int[] replaced = {0};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, desc, signature, exceptions)) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String callee, String calleeDesc, boolean itf) {
                        if (opcode == Opcodes.INVOKEVIRTUAL && callee.equals("exists")) {
                            if (owner.equals(FILE) && calleeDesc.equals("()Z")) {
                                replaced[0]++;
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBES, method, "(L" + FILE + ";)Z", false);
                                return;
                            }
                            if (owner.equals(FS) && calleeDesc.equals("(L" + FILE + ";)Z")) {
                                replaced[0]++;
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBES, method, "(L" + FS + ";L" + FILE + ";)Z", false);
                                return;
                            }
                        }
                        super.visitMethodInsn(opcode, owner, callee, calleeDesc, itf);
                    }
                };
            }
        }, 0);
        if (replaced[0] == 0) {
            return null;
        }
        SITES.addAndGet(replaced[0]);
        return writer.toByteArray();
    }
}
