package jab.harness.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import jab.harness.JabHome;
import jab.harness.env.Fingerprint;
import jab.harness.exec.Subprocess;
import jab.harness.jdk.Jdk;

/**
 * What a syscall trace is a fact of, besides what was traced: the kernel, the C library, strace
 * (which counts and prints the calls), the code of jab's that the family's traces run and read
 * ({@link JabBuild}), the filesystem the trace wrote to, and for a JVM the JDK build. Each is a name
 * and a value, so a cache entry shows what it holds for.
 */
final class TracedOn {
    /** Computed once per jab process: the others start a command. */
    private static Map<String, String> machine;
    /** Per family, once per jab process: the hash reads jab's jars. */
    private static final Map<String, String> CODE = new HashMap<>();

    private TracedOn() {
    }

    /** The facts of this machine and build for {@code family}'s traces, whose files go under {@code workDir}. */
    static Map<String, String> here(String family, Path workDir) {
        Map<String, String> facts = new TreeMap<>(machine());
        facts.put("jab", code(family));
        facts.put("filesystem", fileSystem(workDir));
        return facts;
    }

    private static synchronized String code(String family) {
        return CODE.computeIfAbsent(family, f -> JabBuild.hash(f, JabHome.get().resolve("native")));
    }

    private static synchronized Map<String, String> machine() {
        if (machine == null) {
            Map<String, String> m = new TreeMap<>();
            m.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
            m.put("libc", Fingerprint.libc());
            m.put("strace", SyscallCount.strace().map(s -> Subprocess.versionOf(s, "-V")).orElse("none"));
            machine = Map.copyOf(m);
        }
        return machine;
    }

    /** The JDK build a JVM's trace is a fact of: its version, its home, and its release file's contents. */
    static Map<String, String> of(Jdk jdk) {
        Map<String, String> facts = new TreeMap<>();
        facts.put("version", jdk.version());
        facts.put("home", jdk.home().toString());
        facts.put("release", release(jdk.home()));
        return facts;
    }

    private static String release(Path home) {
        try {
            return java.util.HexFormat.of().formatHex(JabBuild.sha256().digest(Files.readAllBytes(home.resolve("release"))));
        } catch (IOException e) {
            return "none";
        }
    }

    /** ext4, tmpfs, xfs...: where the traced program's files were, as the nearest existing folder's store says. */
    static String fileSystem(Path dir) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                try {
                    return Files.getFileStore(p).type();
                } catch (IOException e) {
                    return "unknown";
                }
            }
        }
        return "unknown";
    }
}
