package jab.bench.jgit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.objectweb.asm.ClassReader;

/**
 * The Java agent that installs {@link ProbeRewrite} in a JMH fork, an interleaved fork or a probe JVM
 * ({@code -javaagent:JAR}). The agent's own class is on the JVM's class path already (the benchmark
 * jar), where the system class loader finds it; the jar holds a manifest naming it and ASM's classes,
 * which the rewrite needs and an interleaved fork's class path (JMH's runtime and jab's fork helpers;
 * each variant's libraries are its own class loader's) does not hold. So the jar can be written
 * wherever the run works, whether the benchmarks come from a jar or a folder.
 */
public final class ProbeAgent {
    private ProbeAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        ProbeRewrite.install(inst);
    }

    /**
     * The agent jar in {@code dir} (made if missing), written once: every fork of a run asks for it,
     * and it holds ASM's classes. Written aside and moved in whole, so a jar found there is complete.
     */
    public static Path writeJar(Path dir) throws IOException {
        Path jar = dir.resolve("jab-jgit-probe-agent.jar");
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        Files.createDirectories(dir);
        Path aside = Files.createTempFile(dir, "agent", ".jar");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(new Attributes.Name("Premain-Class"), ProbeAgent.class.getName());
        try (OutputStream out = Files.newOutputStream(aside); JarOutputStream j = new JarOutputStream(out, m)) {
            copyAsm(j);
        }
        return Files.move(aside, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** ASM's classes, from the jar this JVM loaded them from. */
    private static void copyAsm(JarOutputStream to) throws IOException {
        Path asm;
        try {
            asm = Path.of(ClassReader.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate ASM's jar", e);
        }
        try (JarFile from = new JarFile(asm.toFile())) {
            for (JarEntry e : java.util.Collections.list(from.entries())) {
                if (e.isDirectory() || !e.getName().startsWith("org/objectweb/asm/")) {
                    continue;
                }
                to.putNextEntry(new JarEntry(e.getName()));
                try (InputStream in = from.getInputStream(e)) {
                    in.transferTo(to);
                }
                to.closeEntry();
            }
        }
    }
}
