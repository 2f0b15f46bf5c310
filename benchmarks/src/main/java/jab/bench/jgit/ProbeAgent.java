package jab.bench.jgit;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * The Java agent that installs {@link ProbeRewrite} in a JMH fork or probe JVM
 * ({@code -javaagent:JAR}). The agent jar holds only a manifest naming this class: the class itself
 * is on the JVM's class path already (the benchmark jar), where the system class loader finds it, so
 * the jar can be written wherever the run works, whether the benchmarks come from a jar or a folder.
 */
public final class ProbeAgent {
    private ProbeAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        ProbeRewrite.install(inst);
    }

    /** Writes the agent jar into {@code dir} (made if missing) and returns its path. */
    public static Path writeJar(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path jar = dir.resolve("jab-jgit-probe-agent.jar");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(new Attributes.Name("Premain-Class"), ProbeAgent.class.getName());
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.flush();
        }
        return jar;
    }
}
