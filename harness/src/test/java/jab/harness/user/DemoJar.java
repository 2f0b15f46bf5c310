package jab.harness.user;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A user's JMH benchmarks jar as a JMH project builds it: sources compiled for release 11 with JMH's
 * annotation processor (on the test class path), which writes META-INF/BenchmarkList and the
 * generated classes; a plain jar, without JMH inside.
 */
final class DemoJar {
    static final String SOURCE = String.join("\n",
            "package demo;",
            "import org.openjdk.jmh.annotations.*;",
            "@State(Scope.Benchmark)",
            "public class ConcatBenchmark {",
            "    @Param({\"2\", \"16\"}) int parts;",
            "    String[] words;",
            "    @Setup public void setup() { words = new String[parts]; for (int i = 0; i < parts; i++) words[i] = \"w\" + i; }",
            "    @Benchmark public String join() { return String.join(\",\", words); }",
            "}");

    private DemoJar() {
    }

    /** Compiles the demo benchmark and jars it (without its BenchmarkList when asked). */
    static Path build(Path work, boolean withList) throws IOException {
        return build(work, "ConcatBenchmark", SOURCE, withList ? "demo-benchmarks.jar" : "nolist.jar", withList);
    }

    /** Compiles class {@code demo.CLASSNAME} of {@code source} under {@code work} and jars it as {@code jarName}. */
    static Path build(Path work, String className, String source, String jarName, boolean withList) throws IOException {
        Path src = work.resolve("src-" + jarName + "/demo/" + className + ".java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        Path classes = work.resolve("classes-" + jarName);
        Files.createDirectories(classes);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String cp = System.getProperty("java.class.path");
        // -processorpath named: javac 23+ no longer runs processors it only finds on the class path
        int rc = javac.run(null, null, null, "--release", "11", "-cp", cp, "-processorpath", cp,
                "-d", classes.toString(), src.toString());
        if (rc != 0) {
            throw new IOException("javac failed: " + rc);
        }
        Path jar = work.resolve(jarName);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String name = classes.relativize(f).toString().replace('\\', '/');
                if (withList || !name.equals(UserBenchmarks.LIST)) {
                    out.putNextEntry(new JarEntry(name));
                    Files.copy(f, out);
                    out.closeEntry();
                }
            }
        }
        return jar;
    }

    /** A copy of {@code jar} with one more class file, of Java {@code feature}'s class file version. */
    static Path withClassOf(Path jar, int feature, Path to) throws IOException {
        Files.copy(jar, to);
        try (var fs = java.nio.file.FileSystems.newFileSystem(to)) {
            Path c = fs.getPath("demo/Newer.class");
            try (OutputStream o = Files.newOutputStream(c)) {
                // magic, minor, major: all jab reads of a class file
                o.write(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, (byte) (44 + feature)});
            }
        }
        return to;
    }
}
