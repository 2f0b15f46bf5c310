package jab.harness.trace;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A hash of the code a family's traces run and read: the entries of jab's own jars (their names and
 * contents, never the jar's bytes, which hold build timestamps, so the same sources rebuilt hash the
 * same), class folders, the C sources of the native programs, and the names and sizes of the
 * libraries (their file names carry their versions). Of the harness's own classes only those a trace
 * depends on count ({@link #TRACED_PACKAGES} and the family's package): the traced programs are the
 * benchmarks', kv's and the C floors', and the harness only starts them and reads what strace prints.
 * A change to how jab schedules, reports or compares leaves the traces kept, as a new JDK build does not.
 */
final class JabBuild {
    /** Maven's own files in a jar (pom.properties can carry the build time): not code. */
    private static final String MAVEN_METADATA = "META-INF/maven/";
    private static final String HARNESS = "jab/harness/";
    /** The harness packages every trace depends on: tracing and counting, starting processes and JVMs, building the C floors. */
    static final List<String> TRACED_PACKAGES = List.of("trace", "exec", "jdk", "baseline", "family");

    private JabBuild() {
    }

    /** The hash of the running jab's code that {@code family}'s traces depend on, and the native sources under {@code nativeDir}. */
    static String hash(String family, Path nativeDir) {
        List<Path> classPath = new ArrayList<>();
        for (String p : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!p.isBlank()) {
                classPath.add(Path.of(p));
            }
        }
        return hash(classPath, nativeDir, tracedBy(family));
    }

    /** Whether a class file or resource (its path in a jar or class folder) counts for {@code family}'s traces. */
    static Predicate<String> tracedBy(String family) {
        return name -> {
            if (!name.startsWith(HARNESS)) {
                return true;
            }
            int slash = name.indexOf('/', HARNESS.length());
            String pkg = slash < 0 ? "" : name.substring(HARNESS.length(), slash);
            return pkg.equals(family) || TRACED_PACKAGES.contains(pkg);
        };
    }

    static String hash(List<Path> classPath, Path nativeDir, Predicate<String> counts) {
        MessageDigest d = sha256();
        try {
            // sorted: java expands lib/* in the folder's order, which a rebuild may change
            for (Path p : classPath.stream().sorted().toList()) {
                String name = p.getFileName() == null ? p.toString() : p.getFileName().toString();
                if (Files.isDirectory(p)) {
                    folder(d, p, f -> counts.test(p.relativize(f).toString().replace(File.separatorChar, '/')));
                } else if (name.startsWith("jab") && name.endsWith(".jar")) {
                    jarEntries(d, p, counts);
                } else if (Files.isRegularFile(p)) {
                    update(d, "library " + name + " " + Files.size(p));
                }
            }
            if (Files.isDirectory(nativeDir)) {
                folder(d, nativeDir, f -> f.toString().endsWith(".c") || f.toString().endsWith(".h"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read jab's build to key its traces", e);
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private static void jarEntries(MessageDigest d, Path jar, Predicate<String> counts) throws IOException {
        update(d, "jar " + jar.getFileName());
        try (JarFile j = new JarFile(jar.toFile())) {
            List<JarEntry> entries = j.stream().filter(e -> !e.isDirectory() && !e.getName().startsWith(MAVEN_METADATA))
                    .filter(e -> counts.test(e.getName()))
                    .sorted(Comparator.comparing(JarEntry::getName)).toList();
            for (JarEntry e : entries) {
                try (InputStream in = j.getInputStream(e)) {
                    content(d, e.getName(), in.readAllBytes());
                }
            }
        }
    }

    /** The files of a folder (those {@code keep} accepts) by relative path, in a fixed order. */
    private static void folder(MessageDigest d, Path dir, Predicate<Path> keep) throws IOException {
        update(d, "folder " + dir.getFileName());
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).filter(keep).sorted().toList();
        }
        for (Path f : files) {
            content(d, dir.relativize(f).toString(), Files.readAllBytes(f));
        }
    }

    /** A file's name and length before its bytes, so no file's end can pass for the next one's start. */
    private static void content(MessageDigest d, String name, byte[] bytes) {
        update(d, name + " " + bytes.length);
        d.update(bytes);
    }

    private static void update(MessageDigest d, String text) {
        d.update(text.getBytes(StandardCharsets.UTF_8));
        d.update((byte) 0); // so no name runs into the next one
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
