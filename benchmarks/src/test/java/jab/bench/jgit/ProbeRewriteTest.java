package jab.bench.jgit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The rewrite turns JGit's loose-object and snapshot checks into calls of the variant, and nothing else. */
class ProbeRewriteTest {

    @Test
    void looseObjectsFileExistsCallsBecomeTheVariantsCall() throws IOException {
        byte[] original = classBytes("LooseObjects");
        assertThat(calls(original)).contains("java/io/File.exists").doesNotContain("jab/bench/jgit/Probes.exists");
        byte[] rewritten = ProbeRewrite.rewrite(original);
        assertThat(rewritten).isNotNull();
        List<String> after = calls(rewritten);
        assertThat(after).doesNotContain("java/io/File.exists").contains("jab/bench/jgit/Probes.exists");
        assertThat(after).hasSameSizeAs(calls(original));
    }

    @Test
    void theMissingFileSnapshotsFsExistsBecomesTheVariantsCall() throws IOException {
        byte[] rewritten = ProbeRewrite.rewrite(classBytes("FileSnapshot$1"));
        assertThat(calls(rewritten)).doesNotContain("org/eclipse/jgit/util/FS.exists").contains("jab/bench/jgit/Probes.exists");
    }

    @Test
    void aClassWithoutExistenceChecksIsLeftAlone() throws IOException {
        assertThat(ProbeRewrite.rewrite(classBytes("FileObjectDatabase$InsertLooseObjectResult"))).isNull();
    }

    private static byte[] classBytes(String simpleName) throws IOException {
        String resource = "/" + ProbeRewrite.PACKAGE + simpleName + ".class";
        try (InputStream in = org.eclipse.jgit.lib.Repository.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return in.readAllBytes();
        }
    }

    /** owner.name of every method call in the class, in order. */
    private static List<String> calls(byte[] bytes) {
        List<String> out = new ArrayList<>();
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String callee, String calleeDesc, boolean itf) {
                        out.add(owner + "." + callee);
                    }
                };
            }
        }, 0);
        return out;
    }
}
