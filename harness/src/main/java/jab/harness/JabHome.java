package jab.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** The project checkout jab runs from: native sources, default results directory, git commit. */
public final class JabHome {
    private JabHome() {
    }

    public static Path get() {
        String home = System.getProperty("jab.home");
        if (home != null && !home.isBlank()) {
            return Paths.get(home).toAbsolutePath().normalize();
        }
        // Started without the launcher (an IDE, a test): look upwards for the project's native/ folder.
        Path p = Paths.get("").toAbsolutePath();
        for (Path q = p; q != null; q = q.getParent()) {
            if (Files.isDirectory(q.resolve("native")) && Files.exists(q.resolve("jab"))) {
                return q;
            }
        }
        return p;
    }

    public static String version() {
        String v = Jab.class.getPackage().getImplementationVersion();
        return v != null ? v : "0.1.0-SNAPSHOT";
    }
}
