package jab.harness.user;

import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.UsageException;

/**
 * A user's JMH benchmarks, as {@code --benchmarks PATH [--classpath CP]} names them: a JMH uber-jar,
 * a plain jar of benchmark classes (its libraries on CP), or a classes directory. What jab needs of
 * it is read here, once, before anything runs: JMH's META-INF/BenchmarkList, the newest class file
 * version in it (an older JDK cannot load it), and whether it carries a JMH runtime of its own.
 *
 * @param path      the jar or directory
 * @param classpath the user's --classpath entries (may be empty)
 * @param list      the text of its META-INF/BenchmarkList
 * @param feature   the Java feature release its newest class file needs (e.g. 11)
 * @param hasJmh    whether it holds JMH's runtime (an uber-jar) rather than needing jab's
 */
public record UserBenchmarks(Path path, List<String> classpath, String list, int feature, boolean hasJmh) {
    static final String LIST = "META-INF/BenchmarkList";
    /** Class file major version 45 was Java 1.1; each release since adds one (55 is 11). */
    private static final int MAJOR_OF_RELEASE_ZERO = 44;
    private static final String JMH_RUNNER = "org/openjdk/jmh/runner/ForkedMain.class";

    /** Reads PATH; anything jab cannot run is bad input (exit 2) saying what PATH is and what it lacks. */
    public static UserBenchmarks open(Path path, String classpath) {
        return open(path, classpath, "--benchmarks");
    }

    /** The same for the build named by {@code option} (--baseline: the base of a comparison of two builds). */
    public static UserBenchmarks open(Path path, String classpath, String option) {
        List<String> cp = classpath == null || classpath.isBlank() ? List.of()
                : Arrays.stream(classpath.split(File.pathSeparator)).filter(s -> !s.isBlank()).toList();
        try {
            if (Files.isDirectory(path)) {
                return ofDirectory(path, cp, option);
            }
            if (Files.isRegularFile(path) && isZip(path)) {
                return ofJar(path, cp, option);
            }
        } catch (IOException e) {
            throw new UsageException(option + " " + path + ": cannot read it: " + e.getMessage());
        }
        throw new UsageException(option + " " + path + (Files.exists(path) ? " is neither a jar nor a directory" : ": no such file or directory")
                + "; give a JMH benchmarks jar (mvn package of a JMH project, Gradle's jmhJar) or a classes directory");
    }

    private static UserBenchmarks ofJar(Path jar, List<String> cp, String option) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry list = zip.getEntry(LIST);
            if (list == null) {
                throw noList(jar, option);
            }
            String text;
            try (InputStream in = zip.getInputStream(list)) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            int major = 0;
            for (ZipEntry e : zip.stream().filter(UserBenchmarks::isClass).toList()) {
                try (InputStream in = zip.getInputStream(e)) {
                    major = Math.max(major, major(in));
                }
            }
            return checked(new UserBenchmarks(jar.toAbsolutePath(), cp, text, major - MAJOR_OF_RELEASE_ZERO,
                    zip.getEntry(JMH_RUNNER) != null), option);
        }
    }

    private static UserBenchmarks ofDirectory(Path dir, List<String> cp, String option) throws IOException {
        Path list = dir.resolve(LIST);
        if (!Files.isRegularFile(list)) {
            throw noList(dir, option);
        }
        int major = 0;
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".class") && !dir.relativize(f).startsWith("META-INF")).toList()) {
                try (InputStream in = Files.newInputStream(f)) {
                    major = Math.max(major, major(in));
                }
            }
        }
        return checked(new UserBenchmarks(dir.toAbsolutePath(), cp, Files.readString(list), major - MAJOR_OF_RELEASE_ZERO,
                Files.isRegularFile(dir.resolve(JMH_RUNNER))), option);
    }

    private static UserBenchmarks checked(UserBenchmarks b, String option) {
        if (b.entries().isEmpty()) {
            throw new UsageException(option + " " + b.path() + ": its " + LIST + " lists no benchmark");
        }
        return b;
    }

    private static UsageException noList(Path p, String option) {
        return new UsageException(option + " " + p + " has no " + LIST + ": it holds no JMH benchmarks compiled with JMH's "
                + "annotation processor (jmh-generator-annprocess), which writes that list");
    }

    /** Class files of the jar's own, not those a multi-release jar keeps for newer JDKs under META-INF/versions. */
    private static boolean isClass(ZipEntry e) {
        return e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/");
    }

    private static int major(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        if (data.readInt() != 0xCAFEBABE) {
            return 0;
        }
        data.readUnsignedShort(); // minor version
        return data.readUnsignedShort();
    }

    private static boolean isZip(Path p) throws IOException {
        try (InputStream in = Files.newInputStream(p)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
        }
    }

    /** Its benchmarks, as JMH reads them. */
    public List<BenchmarkListEntry> entries() {
        return new ArrayList<>(BenchmarkList.fromString(list).getAll(quiet(), List.of()));
    }

    /**
     * Each selector must match one of these benchmarks (a JMH regex, found anywhere in the name) or be
     * the family's name; else bad input listing what the jar holds.
     */
    public void requireMatches(List<String> selectors) {
        List<String> names = entries().stream().map(BenchmarkListEntry::getUsername).distinct().toList();
        for (String s : selectors) {
            boolean any;
            try {
                java.util.regex.Pattern p = java.util.regex.Pattern.compile(s);
                any = s.equals(UserFamily.NAME) || names.stream().anyMatch(n -> p.matcher(n).find());
            } catch (java.util.regex.PatternSyntaxException e) {
                any = false;
            }
            if (!any) {
                throw new UsageException("no benchmark of " + path + " matches '" + s + "'; its benchmarks:\n  "
                        + String.join("\n  ", names));
            }
        }
    }

    /** JMH's view of the list, for a runner of these benchmarks. */
    public BenchmarkList benchmarkList() {
        return BenchmarkList.fromString(list);
    }

    /** The class path the forks get: the benchmarks, then the user's libraries. */
    public List<String> ownClasspath() {
        List<String> out = new ArrayList<>();
        out.add(path.toString());
        out.addAll(classpath);
        return out;
    }

    private static org.openjdk.jmh.runner.format.OutputFormat quiet() {
        return org.openjdk.jmh.runner.format.OutputFormatFactory.createFormatInstance(System.err,
                org.openjdk.jmh.runner.options.VerboseMode.SILENT);
    }

}
