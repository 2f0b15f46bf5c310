package jab.bench.process;

import java.lang.reflect.Field;

/**
 * {@code -Djdk.lang.Process.launchMechanism}: how the JDK starts a child on Linux. POSIX_SPAWN
 * (the default since JDK 13, JDK-8213192: glibc posix_spawn runs the JDK's jspawnhelper, which
 * execs the child), FORK (fork + exec: page tables copied, so cost grows with the parent's
 * memory) and VFORK (the default up to JDK 12; deprecated with a warning in JDK 25, removed later).
 *
 * <p>java.lang.ProcessImpl reads the property once, in its static initializer, so it must be set
 * before the first process of the JVM starts. Each JMH param combination runs in a fresh fork, so
 * a benchmark sets it in {@code @Setup(Level.Trial)} and then asks ProcessImpl which mechanism it
 * really took (reading its private static field needs {@code --add-opens java.base/java.lang=ALL-UNNAMED},
 * which jab passes to the forks): a mismatch fails the trial instead of mislabelling the figure.
 */
public final class LaunchMechanisms {
    public static final String PROPERTY = "jdk.lang.Process.launchMechanism";
    /** The names jab accepts; a JDK may still reject one (JDK 26+ has no VFORK). */
    public static final String[] NAMES = {"POSIX_SPAWN", "FORK", "VFORK"};

    private LaunchMechanisms() {
    }

    /**
     * Requests a mechanism for this JVM and returns the one ProcessImpl took. Loading ProcessImpl
     * here runs its static initializer, which is where a JDK warns about (JDK 25: VFORK) or rejects
     * (an Error) the value: both surface in this fork's output and in the trial's result.
     */
    public static String use(String mechanism) {
        if (mechanism != null && !mechanism.isEmpty() && !"DEFAULT".equals(mechanism)) {
            System.setProperty(PROPERTY, mechanism);
        }
        String effective = JdkMessages.capture(mechanism, LaunchMechanisms::effective);
        if (mechanism != null && !mechanism.isEmpty() && !"DEFAULT".equals(mechanism)
                && !effective.startsWith("unknown") && !effective.equalsIgnoreCase(mechanism)) {
            throw new IllegalStateException("asked for launchMechanism " + mechanism + " but ProcessImpl uses "
                    + effective + ": a process was started in this JVM before the property was set");
        }
        return effective;
    }

    /** The mechanism java.lang.ProcessImpl uses in this JVM, or "unknown (why)"; an Error if the JDK rejects it. */
    public static String effective() {
        try {
            Class<?> impl = Class.forName("java.lang.ProcessImpl");
            Field f = impl.getDeclaredField("launchMechanism");
            f.setAccessible(true);
            return String.valueOf(f.get(null));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "unknown (" + e + ")";
        }
    }
}
