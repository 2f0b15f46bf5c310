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
 * A hash of the code jab traces with: the entries of jab's own jars (their names and contents, never
 * the jar's bytes, which hold build timestamps, so the same sources rebuilt hash the same), class
 * folders, the C sources of the native programs, and the names and sizes of the libraries (their
 * file names carry their versions).
 */
final class JabBuild {
    /** Maven's own files in a jar (pom.properties can carry the build time): not code. */
    private static final String MAVEN_METADATA = "META-INF/maven/";

    private JabBuild() {
    }

    /** The hash of the running jab: its class path and the native sources under {@code nativeDir}. */
    static String hash(Path nativeDir) {
        List<Path> classPath = new ArrayList<>();
        for (String p : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!p.isBlank()) {
                classPath.add(Path.of(p));
            }
        }
        return hash(classPath, nativeDir);
    }

    static String hash(List<Path> classPath, Path nativeDir) {
        MessageDigest d = sha256();
        try {
            // sorted: java expands lib/* in the folder's order, which a rebuild may change
            for (Path p : classPath.stream().sorted().toList()) {
                String name = p.getFileName() == null ? p.toString() : p.getFileName().toString();
                if (Files.isDirectory(p)) {
                    folder(d, p, f -> true);
                } else if (name.startsWith("jab") && name.endsWith(".jar")) {
                    jarEntries(d, p);
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

    private static void jarEntries(MessageDigest d, Path jar) throws IOException {
        update(d, "jar " + jar.getFileName());
        try (JarFile j = new JarFile(jar.toFile())) {
            List<JarEntry> entries = j.stream().filter(e -> !e.isDirectory() && !e.getName().startsWith(MAVEN_METADATA))
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
