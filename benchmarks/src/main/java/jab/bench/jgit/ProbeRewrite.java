package jab.bench.jgit;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Puts a call of {@link Probes} in place of every existence check of JGit's file object database (the
 * classes of {@code org.eclipse.jgit.internal.storage.file}), as they are loaded, in every class loader.
 *
 * <p>Why a rewrite and not only an {@code FS}: since JGit 4.1 (commit 05acf1c62f, JGit's answer to
 * seed 002) the loose-object checks call {@code java.io.File.exists()} on the File they build
 * ({@code LooseObjects.has} and {@code LooseObjects.insert}: three per new object, as {@code jab verify
 * jgit} shows), and {@code FileSnapshot.MISSING_FILE} asks the static {@code FS.DETECTED}: no FS handed
 * to the repository reaches either. The pack folders' attributes ({@code FS.DETECTED.fileAttributes})
 * are no existence check and stay JGit's. So each {@code invokevirtual File.exists()Z} becomes
 * {@code invokestatic Probes.exists(File)Z} and each {@code invokevirtual FS.exists(File)Z} becomes
 * {@code invokestatic Probes.exists(FS, File)Z}: the same stack effect and length, so nothing else in
 * the class changes. Which check those make is {@link Probes}'s choice, per class loader, so one rewrite
 * serves every variant, and the variants of an interleaved fork share a JVM.
 */
public final class ProbeRewrite implements ClassFileTransformer {
    static final String PACKAGE = "org/eclipse/jgit/internal/storage/file/";
    /** A name, not {@code Probes.class}: the agent's class loader need not see JGit, which Probes calls. */
    private static final String PROBES = "jab/bench/jgit/Probes";
    private static final String FILE = "java/io/File";
    private static final String FS = "org/eclipse/jgit/util/FS";

    private ProbeRewrite() {
    }

    static void install(Instrumentation inst) {
        inst.addTransformer(new ProbeRewrite());
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                            byte[] bytes) {
        if (className == null || !className.startsWith(PACKAGE)) {
            return null;
        }
        try {
            return rewrite(bytes);
        } catch (RuntimeException | LinkageError e) {
            // the JVM drops a transformer's exception silently; the class keeps JGit's checks, so
            // Probes.requireReached refuses the variants, and this says why
            System.err.println("jab: rewriting JGit's existence checks in " + className + " failed: " + e);
            return null;
        }
    }

    /** The class with its existence checks calling {@link Probes}; null when it makes none. */
    static byte[] rewrite(byte[] bytes) {
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
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBES, "exists", "(L" + FILE + ";)Z", false);
                                return;
                            }
                            if (owner.equals(FS) && calleeDesc.equals("(L" + FILE + ";)Z")) {
                                replaced[0]++;
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBES, "exists", "(L" + FS + ";L" + FILE + ";)Z", false);
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
        return writer.toByteArray();
    }
}
