package jab.harness.jdk;

/**
 * The class path that JMH forks and jab's own child JVMs (probes) run with: jab's own, which holds
 * the benchmark jar (compiled for release 11) and its libraries.
 */
public final class ForkClasspath {
    private ForkClasspath() {
    }

    public static String get() {
        return System.getProperty("java.class.path");
    }
}
